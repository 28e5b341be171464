/**
 * The order and return-application state machines, shared by the server (which enforces them) and the admin (which
 * offers only what the server allows). Codes are upstream's (oms_order.status, oms_order_return_apply.status); their
 * names and labels live in the schemas (generated/enums.ts).
 */
import type { MessageKey } from './messages';
import { OrderStatus, ReturnApplyStatus } from '../../generated/enums';

export type OrderAction =
  'close' | 'delete' | 'ship' | 'track' | 'receiverInfo' | 'moneyInfo' | 'note' | 'message' | 'pay';

const ALL = Object.values(OrderStatus) as number[];

/** The order statuses each action is allowed in, and the message a refusal answers. */
export const ORDER_ACTIONS: Record<OrderAction, { from: readonly number[]; refused: MessageKey }> = {
  // Closing is for orders nobody paid; a paid order is refunded through a return instead.
  close: { from: [OrderStatus.pendingPayment], refused: 'orderNotClosable' },
  delete: { from: [OrderStatus.closed, OrderStatus.invalid], refused: 'orderNotDeletable' },
  ship: { from: [OrderStatus.pendingShipment], refused: 'noShippable' },
  track: { from: [OrderStatus.shipped, OrderStatus.completed], refused: 'orderNotShipped' },
  receiverInfo: { from: [OrderStatus.pendingPayment, OrderStatus.pendingShipment], refused: 'receiverLocked' },
  moneyInfo: { from: [OrderStatus.pendingPayment], refused: 'feesLocked' },
  note: { from: ALL, refused: 'failed' },
  message: { from: ALL, refused: 'failed' },
  pay: { from: [OrderStatus.pendingPayment], refused: 'repeatedSubmit' },
};

export const orderAllows = (action: OrderAction, status: unknown): boolean =>
  ORDER_ACTIONS[action].from.includes(Number(status));

/** The order's progress steps (detail page): submitted → paid → shipped → received → done. */
export const orderStep = (o: Record<string, unknown>): number => {
  const s = Number(o.status);
  if (s === OrderStatus.completed) return 4;
  if (s === OrderStatus.shipped) return 3;
  if (s === OrderStatus.pendingShipment) return 2;
  if (s === OrderStatus.closed || s === OrderStatus.invalid) return o.deliveryTime ? 3 : o.paymentTime ? 2 : 1;
  return 1;
};

/** The order fields `POST /order/update/receiverInfo` changes (and the detail page's receiver card shows). */
export const RECEIVER_FIELDS = [
  'receiverName',
  'receiverPhone',
  'receiverPostCode',
  'receiverCountry',
  'receiverProvince',
  'receiverCity',
  'receiverRegion',
  'receiverDetailAddress',
] as const;

export type ReturnAction = 'confirm' | 'reject' | 'receive';

/** Return application transitions: pending → returning → completed; pending → rejected. */
export const RETURN_ACTIONS: Record<ReturnAction, { from: number; to: number; refused: MessageKey }> = {
  confirm: { from: ReturnApplyStatus.pending, to: ReturnApplyStatus.returning, refused: 'returnNotPending' },
  reject: { from: ReturnApplyStatus.pending, to: ReturnApplyStatus.rejected, refused: 'returnNotPending' },
  receive: { from: ReturnApplyStatus.returning, to: ReturnApplyStatus.completed, refused: 'returnNotReturning' },
};

/** The action moving an application to `to` (upstream sends the target status), or undefined. */
export const returnActionTo = (to: unknown): ReturnAction | undefined =>
  (Object.keys(RETURN_ACTIONS) as ReturnAction[]).find((a) => RETURN_ACTIONS[a].to === Number(to));

/** Stock -1 means unlimited: returning stock leaves it so. */
export const UNLIMITED_STOCK = -1;
