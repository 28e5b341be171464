import type { Identifier } from 'react-admin';
import { entityPath } from '../../kit';
import { api } from '../../providers/http';

/** Upstream's order calls (mall-admin-web src/api/order.js), plus ours for station messages. */
const base = () => entityPath('order');

export const orderCalls = {
  close: () => `${base()}/update/close`,
  remove: () => `${base()}/delete`,
  delivery: () => `${base()}/update/delivery`,
  receiverInfo: () => `${base()}/update/receiverInfo`,
  moneyInfo: () => `${base()}/update/moneyInfo`,
  note: () => `${base()}/update/note`,
  message: () => `${base()}/message`,
};

export interface DeliveryItem {
  orderId: Identifier;
  deliveryCompany: string;
  deliverySn: string;
}

export const closeOrders = (ids: Identifier[], note: string) =>
  api<number>(orderCalls.close(), { method: 'POST', query: { ids, note } });

export const deleteOrders = (ids: Identifier[]) => api<number>(orderCalls.remove(), { method: 'POST', query: { ids } });

export const deliverOrders = (items: DeliveryItem[]) =>
  api<number>(orderCalls.delivery(), { method: 'POST', json: items });

export const updateReceiver = (body: Record<string, unknown>) =>
  api(orderCalls.receiverInfo(), { method: 'POST', json: body });

export const updateMoney = (body: Record<string, unknown>) =>
  api(orderCalls.moneyInfo(), { method: 'POST', json: body });

export const noteOrder = (id: Identifier, note: string, status: unknown) =>
  api(orderCalls.note(), { method: 'POST', query: { id, note, status } });

export const sendMessage = (body: { orderId: Identifier; title: string; content: string }) =>
  api(orderCalls.message(), { method: 'POST', json: body });
