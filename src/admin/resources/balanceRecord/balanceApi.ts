import { callAction } from '../../providers/actions';

export const recharge = (body: Record<string, unknown>) => callAction('balanceRecord', 'recharge', { body });

export const payFromBalance = (body: Record<string, unknown>) => callAction('balanceRecord', 'cashier', { body });
