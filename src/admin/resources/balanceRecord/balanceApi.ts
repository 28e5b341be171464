import { entityPath } from '../../kit';
import { api } from '../../providers/http';

export const balanceCalls = {
  recharge: () => `${entityPath('balanceRecord')}/recharge`,
  cashier: () => `${entityPath('balanceRecord')}/cashier`,
};

export const recharge = (body: Record<string, unknown>) => api(balanceCalls.recharge(), { method: 'POST', json: body });

export const payFromBalance = (body: Record<string, unknown>) =>
  api(balanceCalls.cashier(), { method: 'POST', json: body });
