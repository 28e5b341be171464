import { tables } from '../../../../generated/database.js';
import { OrderDeliveryStatus } from '../../../../generated/enums.js';
import { Messages } from '../../../shared/messages.js';
import { cents } from '../../../shared/money.js';
import { ORDER_ACTIONS, orderAllows, UNLIMITED_STOCK, type OrderAction } from '../../../shared/order-states.js';
import { itemId, ItemNote, savedOf, stamp, type EntityHooks, type WriteContext } from '../../core/crud.js';
import { present } from '../../core/lookup.js';
import { isKeyOf } from '../../core/narrow.js';
import { forUpdate } from '../../core/db.js';
import { parseId } from '../../core/params.js';
import { refreshProductStock } from '../catalog/counts.js';
import { refused } from '../../core/envelope.js';
import { addHistory, operator, ORDER_TABLES, ordersFor, refusedFor, type OrderHead } from './orders.js';
import { entities } from '../../../../generated/entities.js';
import { singletonId } from '../../../shared/entity-meta.js';

/** What a shipment names for each order. */

/** The actions that update an order: those whose transition sets fields from the body (its schema's). */
type UpdateAction = {
  [A in OrderAction]: (typeof ORDER_ACTIONS)[A] extends { fields: unknown } ? A : never;
}[OrderAction];
const isUpdateAction = (name: string | undefined): name is UpdateAction =>
  isKeyOf(ORDER_ACTIONS, name) && 'fields' in ORDER_ACTIONS[name];

/** The update's order action; beforeValidate refused an update by any other. */
function actionOf(w: WriteContext): UpdateAction {
  if (!isUpdateAction(w.action)) throw refused(Messages.failed);
  return w.action;
}

/** The order a message is about, found the caller's before it is validated. */
const messagedOrder = new ItemNote<OrderHead>('The messaged order');

/**
 * An order changes only through its declared actions (upstream's /order/update/*; its generic update is off), each
 * from the statuses src/shared/order-states.ts allows, checked again on the orders locked in the action's
 * transaction, so two actions racing on one order cannot both act. Every action writes its operation-history rows in
 * that transaction. The generic delete takes closed or invalid orders only, all or none; their lines, history,
 * logistics and messages go with them (ON DELETE CASCADE), a return keeps its copy.
 */
export const orderHooks: EntityHooks = {
  tables: ORDER_TABLES,

  beforeValidate(w, item) {
    if (w.op === 'delete' && !orderAllows('delete', item.stored?.status)) throw refusedFor('delete');
    if (w.op === 'update') actionOf(w);
  },

  // The step itself (from which statuses, the fields it sets, the status it leads to, what it requires) is the
  // schema's, taken by the write pipeline: these add what the schema does not say.
  afterValidate(w, item) {
    if (w.op !== 'update') return;
    const action = actionOf(w);
    if (action === 'note' && !item.data.note) throw refused(Messages.operationNoteEmpty);
    else if (action === 'ship') {
      stamp(item, {
        deliveryStatus: OrderDeliveryStatus.shipped,
        deliveryTime: new Date().toISOString(),
      });
    }
  },

  async beforeWrite(w, trx) {
    if (w.op !== 'update') return;
    const action = actionOf(w);
    // The orders as they are now, held until the action commits: a second action at once finds them moved on.
    const now = await forUpdate(
      w.db.dialect,
      trx.selectFrom(tables.order).selectAll().where('id', 'in', w.items.map(itemId)),
    ).execute();
    if (now.some((o) => !orderAllows(action, o.status))) throw refusedFor(action);
    if (action === 'ship') {
      const setting = await trx
        .selectFrom(tables.orderSetting)
        .select('confirm_overtime')
        .where('id', '=', singletonId(entities.orderSetting))
        .executeTakeFirst();
      for (const item of w.items) item.derived = { autoConfirmDay: setting?.confirm_overtime ?? null };
    }
    if (action === 'moneyInfo')
      for (const item of w.items) {
        // The payable from the fees and the order as locked: a payment racing the change waits for it or is seen.
        const cur = present(
          now.find((o) => Number(o.id) === item.id),
          `Order ${item.id} as locked`,
        );
        const freight = cents(item.data.freightAmount ?? cur.freight_amount);
        const discount = cents(item.data.discountAmount ?? cur.discount_amount);
        const pay =
          cents(cur.total_amount) +
          freight -
          cents(cur.promotion_amount) -
          cents(cur.integration_amount) -
          cents(cur.coupon_amount) -
          discount;
        if (pay < 0) throw refused(Messages.payableNegative);
        item.derived = { freightAmount: freight / 100, discountAmount: discount / 100, payAmount: pay / 100 };
      }
  },

  async afterWrite(w, trx) {
    if (w.op !== 'update') return;
    const action = actionOf(w);
    const orders = w.items.map((i) => ({ id: itemId(i), status: Number(savedOf(i).status) }));
    if (action === 'close') {
      // Nobody paid: what the orders held goes back on the shelf (an unlimited SKU stays unlimited).
      const lines = await trx
        .selectFrom(tables.orderItem)
        .select(['product_sku_id', 'product_id', 'product_quantity'])
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute();
      for (const l of lines) {
        if (!l.product_sku_id) continue;
        await trx
          .updateTable(tables.skuStock)
          .set((eb) => ({ stock: eb('stock', '+', Number(l.product_quantity ?? 0)) }))
          .where('id', '=', Number(l.product_sku_id))
          .where('stock', '<>', UNLIMITED_STOCK)
          .execute();
      }
      await refreshProductStock(
        trx,
        lines.map((l) => l.product_id),
      );
      await addHistory(trx, orders, { code: 'closed', params: { note: String(w.params?.note) } }, w.user);
    } else if (action === 'ship')
      for (const [i, item] of w.items.entries()) {
        const { deliveryCompany: company, deliverySn: sn, deliveryTime } = item.data;
        await trx
          .insertInto(tables.orderLogistics)
          .values({
            order_id: itemId(item),
            event_time: String(deliveryTime),
            location: null,
            content: `Parcel handed to ${String(company)}, tracking number ${String(sn)}`,
          })
          .execute();
        await addHistory(
          trx,
          [orders[i]],
          { code: 'shipped', params: { company: String(company), sn: String(sn) } },
          w.user,
        );
      }
    else if (action === 'receiverInfo') await addHistory(trx, orders, { code: 'receiverChanged' }, w.user);
    else if (action === 'moneyInfo') {
      const { freightAmount, discountAmount } = present(w.items[0].derived, 'The new fees');
      const params = { freight: String(freightAmount), discount: String(discountAmount) };
      await addHistory(trx, orders, { code: 'feesChanged', params }, w.user);
    } else if (action === 'note')
      await addHistory(trx, orders, { code: 'note', params: { note: String(w.items[0].data.note) } }, w.user);
  },
};

/**
 * A station message to an order's member (upstream's POST /order/message): the order must be the caller's to see,
 * the message goes to its member, signed by the sender; the order's history says it was sent.
 */
export const orderMessageHooks: EntityHooks = {
  tables: [tables.orderOperateHistory],

  async beforeValidate(w, item) {
    if (w.op !== 'create') return;
    // An order the caller cannot see is "Not found", as for every order action.
    const [order] = await ordersFor(w.db, [parseId(item.body.orderId, 'orderId')], w.user, 'message');
    messagedOrder.set(item, order);
  },

  afterValidate(w, item) {
    if (w.op !== 'create') return;
    stamp(item, { memberId: messagedOrder.get(item).member_id, operateMan: operator(w.user) });
  },

  async afterWrite(w, trx) {
    if (w.op !== 'create') return;
    for (const item of w.items)
      await addHistory(
        trx,
        [messagedOrder.get(item)],
        { code: 'messageSent', params: { title: String(savedOf(item).title) } },
        w.user,
      );
  },
};
