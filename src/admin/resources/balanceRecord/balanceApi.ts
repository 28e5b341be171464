import { callAction, type ActionBody } from '../../providers/actions';

export const recharge = (body: ActionBody<'balanceRecord', 'recharge'>) =>
  callAction('balanceRecord', 'recharge', { body });

export const payFromBalance = (body: ActionBody<'balanceRecord', 'cashier'>) =>
  callAction('balanceRecord', 'cashier', { body });
