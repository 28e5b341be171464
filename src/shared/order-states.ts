/**
 * The order and return-application state machines, shared by the server (which enforces them) and the admin (which
 * offers only what the server allows): stated in their schemas (`x-admin.states` of schemas/order.json and
 * schemas/returnApply.json), read here from generated/states.ts. Codes are upstream's (oms_order.status,
 * oms_order_return_apply.status); their names and labels live in the schemas too (generated/enums.ts).
 */
import { states } from '../../generated/states';
import { OrderStatus } from '../../generated/enums';
import { allows, type StateTransition } from './entity-meta';

export const ORDER_ACTIONS = states.order.transitions;
export type OrderAction = keyof typeof ORDER_ACTIONS;

export const orderAllows = (action: OrderAction, status: unknown): boolean => allows(ORDER_ACTIONS[action], status);

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
export const RECEIVER_FIELDS = ORDER_ACTIONS.receiverInfo.fields;

/** Return application steps: pending → returning → completed; pending → rejected (and which ones are deleted). */
export const RETURN_STEPS = states.returnApply.transitions;
/** The steps upstream's status call takes (the target status sent). */
export type ReturnAction = Exclude<keyof typeof RETURN_STEPS, 'delete'>;
export const RETURN_ACTIONS: Readonly<Record<ReturnAction, StateTransition & { to: number }>> = RETURN_STEPS;

/** A step upstream's status call takes (the machine's `delete` guards the generic delete, not a step). */
export const isReturnAction = (name: string): name is ReturnAction => name in RETURN_STEPS && name !== 'delete';

/** The action moving an application to `to` (upstream sends the target status), or undefined. */
export const returnActionTo = (to: unknown): ReturnAction | undefined =>
  Object.keys(RETURN_STEPS)
    .filter(isReturnAction)
    .find((a) => RETURN_ACTIONS[a].to === Number(to));

/** Stock -1 means unlimited: returning stock leaves it so. */
export const UNLIMITED_STOCK = -1;
