import type { Identifier } from 'react-admin';
import { callAction } from '../../providers/actions';

/** Upstream's order calls (mall-admin-web src/api/order.js), plus ours for station messages: the order schema's actions. */
export interface DeliveryItem {
  orderId: Identifier;
  deliveryCompany: string;
  deliverySn: string;
}

export const closeOrders = (ids: Identifier[], note: string) =>
  callAction<number>('order', 'close', { query: { ids, note } });

export const deliverOrders = (items: DeliveryItem[]) => callAction<number>('order', 'delivery', { body: items });

export const updateReceiver = (body: Record<string, unknown>) => callAction('order', 'receiverInfo', { body });

export const updateMoney = (body: Record<string, unknown>) => callAction('order', 'moneyInfo', { body });

export const noteOrder = (id: Identifier, note: string, status: unknown) =>
  callAction('order', 'note', { query: { id, note, status } });

export const sendMessage = (body: { orderId: Identifier; title: string; content: string }) =>
  callAction('order', 'message', { body });
