import type { Identifier } from 'react-admin';
import { callAction, type ActionBody } from '../../providers/actions';

/**
 * Upstream's order calls (mall-admin-web src/api/order.js), plus ours for station messages: the order schema's
 * actions, each taking the body its schema states.
 */
export type DeliveryItem = ActionBody<'order', 'delivery'>[number];

export const closeOrders = (ids: Identifier[], note: string) =>
  callAction<number>('order', 'close', { body: { ids, note } });

export const deliverOrders = (items: DeliveryItem[]) => callAction<number>('order', 'delivery', { body: items });

export const updateReceiver = (body: ActionBody<'order', 'receiverInfo'>) =>
  callAction('order', 'receiverInfo', { body });

export const updateMoney = (body: ActionBody<'order', 'moneyInfo'>) => callAction('order', 'moneyInfo', { body });

export const noteOrder = (id: Identifier, note: string) => callAction('order', 'note', { body: { id, note } });

export const sendMessage = (body: ActionBody<'order', 'message'>) => callAction('order', 'message', { body });
