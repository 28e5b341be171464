import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { fieldErrorsOf, forbidden, notFound, ok, refused, validationFailed } from '../../core/envelope.js';
import { isUniqueError } from '../../core/errors.js';
import {
  createRecord,
  actionSchema,
  rulesOf,
  ItemNote,
  runtime,
  stamp,
  TAKEN,
  tenantScope,
  type EntityHooks,
  type WriteContext,
  type WriteItem,
} from '../../core/crud.js';
import { forUpdate, type Row } from '../../core/db.js';
import { get } from '../../core/lookup.js';
import { idList } from '../../core/narrow.js';
import { flatten, parseId } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { addHistory, operator, ORDER_TABLES } from '../order/orders.js';
import { cents } from '../../../shared/money.js';
import { ORDER_ACTIONS, orderAllows } from '../../../shared/order-states.js';
import {
  BalanceRecordPayChannel,
  BalanceRecordType,
  OrderPayStatus,
  OrderPayType,
} from '../../../../generated/enums.js';

const RECHARGE = 'recharge';
const CASHIER = 'cashier';

/**
 * The request key taken by another submission that got there first (found taken by the pipeline's check, or by the
 * table's UNIQUE when the two race to commit): the same submission seen twice.
 */
const isRepeat = (e: unknown) => isUniqueError(e) || fieldErrorsOf(e)?.requestKey === TAKEN;

/** The cashier's orders, as the hooks keep them from one step to the next. */
type Payment = { ids: number[]; given?: number };
const payments = new ItemNote<Payment>('The cashier payment');

/** What the orders ask and what is charged: the orders' payable unless an amount was given, which must match. */
function charge(rows: { status: unknown; pay_amount: unknown }[], given: number | undefined): number {
  if (rows.some((o) => !orderAllows('pay', o.status))) throw refused(Messages[ORDER_ACTIONS.pay.refused]);
  const due = rows.reduce((s, o) => s + cents(o.pay_amount), 0);
  const amount = given === undefined ? due : cents(given);
  if (amount > due) throw refused(Messages.exceedOrderAmount);
  if (amount < due) throw validationFailed({ amount: `must cover the orders' payable ${due / 100}` });
  return amount;
}

/** The member's balance in cents, read in `k` (the transaction, once it has changed it). */
const balanceOf = async (w: WriteContext, item: WriteItem, k = w.db.kysely) =>
  cents(
    (
      await k
        .selectFrom(tables.member)
        .select('balance')
        .where('id', '=', Number(item.data.memberId))
        .executeTakeFirstOrThrow()
    ).balance,
  );

/**
 * A balance record is made only by the two declared actions, through the entity's pipeline (the member checked and
 * visible, the record's shop and the member's names taken from it, the request key unique): a recharge adds to the
 * member's balance; the cashier pays pending orders from it. A balance never goes negative and an order is never
 * paid twice nor for less than its payable, also when requests race: the balance and the orders change only through
 * conditional updates whose row counts are checked, inside the record's transaction, on the orders as locked there.
 */
const balanceHooks: EntityHooks = {
  tables: [tables.member, ...ORDER_TABLES],

  async beforeValidate(w, item) {
    if (w.op !== 'create') return;
    // No key (or a blank one) is no key: stored as none, so that it never clashes.
    const key = item.body.requestKey;
    if (key === undefined || key === null || String(key).trim() === '') {
      const { requestKey: _, ...body } = item.body;
      item.body = body;
    } else if (
      // A key seen before: the same submission again.
      await w.db.kysely
        .selectFrom(tables.balanceRecord)
        .select('id')
        .where('request_key', '=', String(key).trim())
        .executeTakeFirst()
    )
      throw refused(Messages.repeatedSubmit);
  },

  async afterValidate(w, item) {
    if (w.op !== 'create') return;
    stamp(item, { operateMan: operator(w.user) });
    if (w.action === RECHARGE) {
      if (cents(item.data.amount) <= 0) throw validationFailed({ amount: 'must be greater than 0' });
      stamp(item, { type: BalanceRecordType.recharge });
      return;
    }
    if (w.action !== CASHIER) throw forbidden();
    const ids = idList(w.params?.ids, 'The cashier order ids');
    let q = w.db.kysely
      .selectFrom(tables.order)
      .select(['id', 'status', 'member_id', 'pay_amount', 'order_sn'])
      .where('id', 'in', ids);
    const scope = tenantScope(runtime('order'), w.user);
    if (scope) q = q.where('shop_id', 'in', scope.ids.length ? scope.ids : [0]);
    const orders = await q.execute();
    if (orders.length !== ids.length) throw notFound();
    if (orders.some((o) => Number(o.member_id) !== Number(item.data.memberId)))
      throw refused(Messages.ordersOfOneMember);
    const given = item.data.amount === undefined || item.data.amount === null ? undefined : Number(item.data.amount);
    const amount = charge(orders, given);
    if (amount > (await balanceOf(w, item))) throw refused(Messages.exceedBalance);
    payments.set(item, { ids, given });
    const snOf = new Map(orders.map((o) => [Number(o.id), o.order_sn]));
    stamp(item, {
      type: BalanceRecordType.orderPayment,
      amount: -amount / 100,
      payChannel: BalanceRecordPayChannel.balance,
      orderIds: ids.join(','),
      orderSns: ids.map((id) => get(snOf, id, 'Order')).join(','),
    });
  },

  async beforeWrite(w, trx) {
    if (w.op !== 'create') return;
    const db = w.db;
    for (const item of w.items) {
      const member = Number(item.data.memberId);
      if (w.action === RECHARGE) {
        const amount = cents(item.data.amount);
        await trx
          .updateTable(tables.member)
          .set((eb) => ({ balance: eb.fn('round', [eb('balance', '+', amount / 100), eb.val(2)]) }))
          .where('id', '=', member)
          .execute();
      } else {
        const { ids, given } = payments.get(item);
        // The orders as they are now, held until the payment commits: a fee change waits, then finds them paid.
        const amount = charge(
          await forUpdate(
            db.dialect,
            trx.selectFrom(tables.order).select(['status', 'pay_amount']).where('id', 'in', ids).orderBy('id'),
          ).execute(),
          given,
        );
        const now = new Date().toISOString();
        const paid = await trx
          .updateTable(tables.member)
          .set((eb) => ({ balance: eb.fn('round', [eb('balance', '-', amount / 100), eb.val(2)]) }))
          .where('id', '=', member)
          .where((eb) => eb(eb.fn('round', [eb('balance', '*', 100)]), '>=', amount))
          .executeTakeFirst();
        if (Number(paid.numUpdatedRows) !== 1) throw refused(Messages.exceedBalance);
        const moved = await trx
          .updateTable(tables.order)
          .set({
            status: ORDER_ACTIONS.pay.to,
            pay_status: OrderPayStatus.paid,
            pay_type: OrderPayType.others,
            payment_time: now,
            modify_time: now,
          })
          .where('id', 'in', ids)
          .where('status', 'in', ORDER_ACTIONS.pay.from)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== ids.length) throw refused(Messages[ORDER_ACTIONS.pay.refused]);
        const note = item.data.note ? String(item.data.note) : '';
        await addHistory(
          trx,
          ids.map((id) => ({ id, status: ORDER_ACTIONS.pay.to })),
          note ? { code: 'paidFromBalanceNote', params: { note } } : { code: 'paidFromBalance' },
          w.user,
        );
        item.derived = { amount: -amount / 100 };
      }
      item.derived = { ...item.derived, balanceAfter: (await balanceOf(w, item, trx)) / 100 };
    }
  },
};

/** Members' balances (/balance): recharges, and the cashier paying pending orders from a balance. */
export const balanceDomain: Domain = (routes, { db }) => {
  rulesOf(db).on('balanceRecord', balanceHooks);
  const record = runtime('balanceRecord');

  /** The action's create, a clash on the request key (two submissions racing) answered as the same submission. */
  const create = async (body: unknown, user: Parameters<typeof createRecord>[3], action: string, params?: Row) => {
    try {
      return await createRecord(db, record, body, user, { action, params });
    } catch (e) {
      if (isRepeat(e)) throw refused(Messages.repeatedSubmit);
      throw e;
    }
  };

  routes.add({
    method: actions.balanceRecord.recharge.method,
    url: actions.balanceRecord.recharge.url,
    schema: actionSchema('balanceRecord', 'recharge'),
    handler: async (req) => ok(await create(req.body, req.user, RECHARGE)),
  });

  routes.add({
    method: actions.balanceRecord.cashier.method,
    url: actions.balanceRecord.cashier.url,
    // The orders to pay (in the body or the query: merged at the edge), and the record's fields.
    schema: actionSchema('balanceRecord', 'cashier'),
    handler: async (req) => {
      const raw = flatten(req.query.orderIds);
      if (!raw.length) throw refused(Messages.selectRecord);
      const ids = raw.map((v, i) => parseId(v, `orderIds[${i}]`));
      if (new Set(ids).size !== ids.length) throw refused(Messages.repeatedSubmit);
      return ok(await create(req.body, req.user, CASHIER, { ids } satisfies Payment));
    },
  });
};
