import { actions } from '../../../../generated/actions.js';
import type { Transaction } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import type { AuthUser } from '../../core/auth.js';
import { notFound, ok, validationFailed } from '../../core/envelope.js';
import {
  envelopeSchema,
  findRecord,
  readRecord,
  runtime,
  tenantScope,
  entityBody,
  fieldsBody,
  querySchema,
  writeTx,
} from '../../core/crud.js';
import { forUpdate, type Row } from '../../core/db.js';
import { flatten, parseId } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { refused } from '../catalog/refused.js';
import { addHistory, operator, ORDER_TABLES } from '../order/orders.js';
import { cents } from '../../../shared/money.js';
import {
  BalanceRecordPayChannel,
  BalanceRecordType,
  OrderPayStatus,
  OrderPayType,
  OrderStatus,
} from '../../../../generated/enums.js';

const TABLES = [tables.balanceRecord, tables.member, ...ORDER_TABLES];

/** A unique-key clash on the request key: the same submission seen twice (also when two race). */
const isDuplicateKey = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /UNIQUE constraint failed/i.test(String(err.message ?? ''));
};

/**
 * Members' balances (/balance): recharges, and the cashier paying pending orders from a balance. A balance never goes
 * negative and an order is never paid twice nor for less than its payable, also when requests race: the balance and
 * the orders change only through conditional updates whose row counts are checked, the payable is read again on the
 * locked orders inside the payment's transaction, and a request key is stored once (UNIQUE).
 */
export const balanceDomain: Domain = (routes, { db, crud }) => {
  const record = runtime('balanceRecord');
  const member = runtime('member');

  const memberFor = async (raw: unknown, user?: AuthUser) => {
    const m = await findRecord(crud, member, parseId(raw, 'memberId'), user);
    if (!m) throw validationFailed({ memberId: Messages.doesNotExist });
    return m;
  };

  /** Runs `fn`, mapping a clash on the request key to "Have Repeated submit application". */
  const once = async <T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> => {
    try {
      return await writeTx(db, TABLES, fn);
    } catch (e) {
      if (isDuplicateKey(e)) throw refused(Messages.repeatedSubmit);
      throw e;
    }
  };

  const insertRecord = async (trx: Transaction<Database>, values: Row) => {
    const { id } = await trx
      .insertInto(tables.balanceRecord)
      .values({ ...values, create_time: new Date().toISOString() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await readRecord(trx, db, record, Number(id)))!;
  };

  routes.add({
    method: actions.balanceRecord.recharge.method,
    url: actions.balanceRecord.recharge.url,
    schema: { body: entityBody('balanceRecord', 'create'), response: envelopeSchema(record.recordSchema) },
    handler: async (req) => {
      const data = req.body as Row;
      const m = await memberFor(data.memberId, req.user);
      const amount = cents(data.amount);
      if (amount <= 0) throw validationFailed({ amount: 'must be greater than 0' });
      const key = requestKey(data.requestKey);
      return ok(
        await once(async (trx) => {
          await trx
            .updateTable(tables.member)
            .set((eb) => ({ balance: eb.fn('round', [eb('balance', '+', amount / 100), eb.val(2)]) }))
            .where('id', '=', Number(m.id))
            .execute();
          const after = await trx
            .selectFrom(tables.member)
            .select('balance')
            .where('id', '=', Number(m.id))
            .executeTakeFirstOrThrow();
          return insertRecord(trx, {
            shop_id: m.shopId,
            member_id: m.id,
            username: m.username,
            real_name: m.realName,
            mobile: m.mobile,
            type: BalanceRecordType.recharge,
            amount: amount / 100,
            balance_after: Number(after.balance),
            pay_channel: data.payChannel ?? null,
            note: data.note ?? null,
            request_key: key,
            operate_man: operator(req.user),
          });
        }),
      );
    },
  });

  routes.add({
    method: actions.balanceRecord.cashier.method,
    url: actions.balanceRecord.cashier.url,
    schema: {
      // The orders to pay (in the body or the query: merged at the edge), and the record's fields.
      querystring: querySchema(['orderIds']),
      body: fieldsBody('balanceRecord', ['memberId', 'amount', 'note', 'requestKey'], ['memberId']),
      response: envelopeSchema(record.recordSchema),
    },
    handler: async (req) => {
      const data = req.body as Row;
      const m = await memberFor(data.memberId, req.user);
      const raw = flatten((req.query as Row).orderIds);
      if (!raw.length) throw refused(Messages.selectRecord);
      const ids = raw.map((v, i) => parseId(v, `orderIds[${i}]`));
      if (new Set(ids).size !== ids.length) throw refused(Messages.repeatedSubmit);
      let q = db.kysely
        .selectFrom(tables.order)
        .select(['id', 'status', 'member_id', 'pay_amount', 'order_sn'])
        .where('id', 'in', ids);
      const scope = tenantScope(runtime('order'), req.user);
      if (scope) q = q.where('shop_id', 'in', scope.ids.length ? scope.ids : [0]);
      const orders = await q.execute();
      if (orders.length !== ids.length) throw notFound();
      if (orders.some((o) => Number(o.member_id) !== Number(m.id))) throw refused(Messages.ordersOfOneMember);
      const given = data.amount === undefined || data.amount === null ? undefined : data.amount;
      /** What the orders ask and what is charged: the orders' payable unless an amount was given, which must match. */
      const charge = (rows: { status: unknown; pay_amount: unknown }[]) => {
        if (rows.some((o) => Number(o.status) !== OrderStatus.pendingPayment)) throw refused(Messages.repeatedSubmit);
        const due = rows.reduce((s, o) => s + cents(o.pay_amount), 0);
        const amount = given === undefined ? due : cents(given);
        if (amount > due) throw refused(Messages.exceedOrderAmount);
        if (amount < due) throw validationFailed({ amount: `must cover the orders' payable ${due / 100}` });
        return amount;
      };
      if (charge(orders) > cents(m.balance)) throw refused(Messages.exceedBalance);
      const key = requestKey(data.requestKey);
      return ok(
        await once(async (trx) => {
          // The orders as they are now, held until the payment commits: a fee change waits, then finds them paid.
          const amount = charge(
            await forUpdate(
              db.dialect,
              trx.selectFrom(tables.order).select(['status', 'pay_amount']).where('id', 'in', ids).orderBy('id'),
            ).execute(),
          );
          const now = new Date().toISOString();
          const paid = await trx
            .updateTable(tables.member)
            .set((eb) => ({ balance: eb.fn('round', [eb('balance', '-', amount / 100), eb.val(2)]) }))
            .where('id', '=', Number(m.id))
            .where((eb) => eb(eb.fn('round', [eb('balance', '*', 100)]), '>=', amount))
            .executeTakeFirst();
          if (Number(paid.numUpdatedRows) !== 1) throw refused(Messages.exceedBalance);
          const moved = await trx
            .updateTable(tables.order)
            .set({
              status: OrderStatus.pendingShipment,
              pay_status: OrderPayStatus.paid,
              pay_type: OrderPayType.others,
              payment_time: now,
              modify_time: now,
            })
            .where('id', 'in', ids)
            .where('status', '=', OrderStatus.pendingPayment)
            .executeTakeFirst();
          if (Number(moved.numUpdatedRows) !== ids.length) throw refused(Messages.repeatedSubmit);
          await addHistory(
            trx,
            ids.map((id) => ({ id, status: OrderStatus.pendingShipment })),
            `Paid from balance${data.note ? `: ${String(data.note)}` : ''}`,
            req.user,
          );
          const after = await trx
            .selectFrom(tables.member)
            .select('balance')
            .where('id', '=', Number(m.id))
            .executeTakeFirstOrThrow();
          return insertRecord(trx, {
            shop_id: m.shopId,
            member_id: m.id,
            username: m.username,
            real_name: m.realName,
            mobile: m.mobile,
            type: BalanceRecordType.orderPayment,
            amount: -amount / 100,
            balance_after: Number(after.balance),
            pay_channel: BalanceRecordPayChannel.balance,
            note: data.note ?? null,
            order_ids: ids.join(','),
            order_sns: orders.map((o) => o.order_sn).join(','),
            request_key: key,
            operate_man: operator(req.user),
          });
        }),
      );
    },
  });
};

/** The client's idempotency key (checked by the schema), or none. */
const requestKey = (raw: unknown): string | null =>
  raw === undefined || raw === null || String(raw).trim() === '' ? null : String(raw).trim();
