import { actions } from '../../../../generated/actions.js';
import type { FastifyRequest } from 'fastify';
import { tables } from '../../../../generated/database.js';
import { Messages, REQUIRED } from '../../../shared/messages.js';
import { orderAllows, RECEIVER_FIELDS, UNLIMITED_STOCK } from '../../../shared/order-states.js';
import { ok, validationFailed } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  envelopeSchema,
  expectedVersion,
  getRecord,
  idOf,
  paramsSchema,
  querySchema,
  runtime,
  toRecords,
  toRow,
  validateBody,
  visibleText,
  withProperties,
  writeTx,
  idSchema,
  entityBody,
  fieldsBody,
  parametersBody,
  hooks,
  type EntityHooks,
} from '../../core/crud.js';
import { forUpdate, type Row } from '../../core/db.js';
import { parseId } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { refreshProductStock } from '../catalog/counts.js';
import { refused } from '../catalog/refused.js';
import { addHistory, moveOrders, operator, ORDER_TABLES, ordersFor, refusedFor } from './orders.js';
import { cents } from '../../../shared/money.js';
import { OrderDeliveryStatus, OrderStatus } from '../../../../generated/enums.js';

/** A note as typed: text (the first, if repeated); whether it shows anything is the handler's rule. */
const textOnce = { type: 'string' };

/** A note the user must give (closing, marking): trimmed, never empty. */
function noteOf(raw: string | undefined): string {
  const note = visibleText(raw);
  if (!note) throw refused(Messages.operationNoteEmpty);
  return note;
}

/** The ids of a batch: none is "Please select a record or the items to operate on". */
function selected(ids: number[] | undefined): number[] {
  if (!ids?.length) throw refused(Messages.selectRecord);
  return ids;
}

/** The order a change names (`orderId`, in the body or the query: merged at the edge). */
const orderQuery = querySchema(['orderId'], { orderId: idSchema }, ['orderId']);
const orderIdOf = (req: { query: unknown }) => (req.query as { orderId: number }).orderId;

/**
 * The generic delete (upstream's `POST /order/delete?ids=`) takes closed or invalid orders only, all or none; their
 * lines, history, logistics and messages go with them (ON DELETE CASCADE), a return keeps its copy.
 */
const orderHooks: EntityHooks = {
  beforeValidate(w, item) {
    if (w.op === 'delete' && !orderAllows('delete', item.stored?.status)) throw refusedFor('delete');
  },
};

/**
 * Upstream's order calls (mall-admin-web src/api/order.js) with the state machine of src/shared/order-states.ts
 * enforced: an action outside its statuses is refused and changes nothing, batches are all-or-nothing, and every
 * change writes its operation-history rows in the same transaction.
 */
export const orderRoutes: Domain = (routes, { db, crud }) => {
  hooks.on('order', orderHooks);
  const order = runtime('order');
  const item = runtime('orderItem');
  const history = runtime('orderOperateHistory');
  const logistics = runtime('orderLogistics');
  const message = runtime('orderMessage');
  /** The order's version an edit was made from (If-Match or `rowVersion` in the body), for moveOrders. */
  const versionOf = (req: FastifyRequest) => {
    // `rowVersion` is no field of the change: read from what was sent (the query has the body's fields).
    const version = expectedVersion(order, { headers: req.headers, body: req.query });
    return version === undefined ? undefined : { version, dialect: db.dialect };
  };

  // Upstream's OmsOrderDetail: the order with `orderItemList` and `historyList`; ours adds logistics and messages.
  // A read joining four other entities: write hooks do not shape reads.
  routes.add({
    replaces: true,
    method: 'GET',
    url: '/order/:id',
    schema: {
      params: paramsSchema(['id']),
      response: envelopeSchema(
        withProperties(order.recordSchema, {
          orderItemList: arraySchema(item.recordSchema),
          historyList: arraySchema(history.recordSchema),
          logisticsList: arraySchema(logistics.recordSchema),
          messageList: arraySchema(message.recordSchema),
        }),
      ),
    },
    handler: async (req) => {
      const o = await getRecord(crud, order, idOf(req), req.user);
      const of = (rt: typeof item, order: string) =>
        db.all<Row>(`SELECT ${rt.selectSql} FROM "${rt.table}" WHERE "order_id" = ? ORDER BY ${order}`, [o.id]);
      const [items, hist, events, messages] = await Promise.all([
        of(item, '"id" ASC'),
        of(history, '"id" DESC'),
        of(logistics, '"event_time" ASC, "id" ASC'),
        of(message, '"id" DESC'),
      ]);
      return ok({
        ...o,
        orderItemList: toRecords(item, items, db.dialect),
        historyList: toRecords(history, hist, db.dialect),
        logisticsList: toRecords(logistics, events, db.dialect),
        messageList: toRecords(message, messages, db.dialect),
      });
    },
  });

  routes.add({
    method: actions.order.close.method,
    url: actions.order.close.url,
    schema: (() => {
      const querystring = querySchema(['ids', 'note'], { note: textOnce });
      return { querystring, body: parametersBody(querystring), response: envelopeSchema(countSchema) };
    })(),
    handler: async (req) => {
      const q = req.query as { ids?: number[]; note?: string };
      const ids = selected(q.ids);
      const note = noteOf(q.note);
      const orders = await ordersFor(db, ids, req.user, 'close');
      return ok(
        await writeTx(db, ORDER_TABLES, async (trx) => {
          await moveOrders(trx, ids, 'close', { status: OrderStatus.closed });
          // Nobody paid: what the orders held goes back on the shelf (an unlimited SKU stays unlimited).
          const lines = await trx
            .selectFrom(tables.orderItem)
            .select(['product_sku_id', 'product_id', 'product_quantity'])
            .where('order_id', 'in', ids)
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
          await addHistory(
            trx,
            orders.map((o) => ({ id: o.id, status: OrderStatus.closed })),
            `Closed: ${note}`,
            req.user,
          );
          return orders.length;
        }),
      );
    },
  });

  routes.add({
    method: actions.order.delivery.method,
    url: actions.order.delivery.url,
    schema: { body: { type: 'array' }, response: envelopeSchema(countSchema) },
    handler: async (req) => {
      const list = req.body as unknown[];
      if (!list.length) throw refused(Messages.selectRecord);
      const errors: Record<string, string> = {};
      const items = list.map((raw, i) => {
        const b = (raw && typeof raw === 'object' ? raw : {}) as Row;
        for (const f of ['deliveryCompany', 'deliverySn'] as const)
          if (!visibleText(b[f])) errors[`[${i}].${f}`] = REQUIRED;
        let data: Row = {};
        try {
          data = validateBody(order, { deliveryCompany: b.deliveryCompany, deliverySn: b.deliverySn }, 'update');
        } catch (e) {
          const detail = (e as { data?: { errors?: Record<string, string> } }).data?.errors ?? {};
          for (const [k, v] of Object.entries(detail)) errors[`[${i}].${k}`] = v;
        }
        return { orderId: parseId(b.orderId, `[${i}].orderId`), ...data } as Row & { orderId: number };
      });
      if (Object.keys(errors).length) throw validationFailed(errors);
      const ids = items.map((i) => i.orderId);
      if (new Set(ids).size !== ids.length) throw refused(Messages.repeatedSubmit);
      await ordersFor(db, ids, req.user, 'ship');
      const setting = await db.kysely
        .selectFrom(tables.orderSetting)
        .select('confirm_overtime')
        .where('id', '=', 1)
        .executeTakeFirst();
      return ok(
        await writeTx(db, ORDER_TABLES, async (trx) => {
          const now = new Date().toISOString();
          for (const it of items) {
            const company = String(it.deliveryCompany).trim();
            const sn = String(it.deliverySn).trim();
            await moveOrders(trx, [it.orderId], 'ship', {
              status: OrderStatus.shipped,
              delivery_status: OrderDeliveryStatus.shipped,
              delivery_company: company,
              delivery_sn: sn,
              delivery_time: now,
              auto_confirm_day: setting?.confirm_overtime ?? null,
            });
            await trx
              .insertInto(tables.orderLogistics)
              .values({
                order_id: it.orderId,
                event_time: now,
                location: null,
                content: `Parcel handed to ${company}, tracking number ${sn}`,
              })
              .execute();
            await addHistory(
              trx,
              [{ id: it.orderId, status: OrderStatus.shipped }],
              `Shipped: ${company} ${sn}`,
              req.user,
            );
          }
          return items.length;
        }),
      );
    },
  });

  routes.add({
    method: actions.order.receiverInfo.method,
    url: actions.order.receiverInfo.url,
    schema: {
      querystring: orderQuery,
      body: fieldsBody('order', RECEIVER_FIELDS),
      response: envelopeSchema(countSchema),
    },
    handler: async (req) => {
      const id = orderIdOf(req);
      const data = req.body as Row;
      const [o] = await ordersFor(db, [id], req.user, 'receiverInfo');
      const row = await toRow(order, data, db.dialect, 'update');
      return ok(
        await writeTx(db, ORDER_TABLES, async (trx) => {
          await moveOrders(trx, [id], 'receiverInfo', row, versionOf(req));
          await addHistory(trx, [o], 'Receiver information changed', req.user);
          return 1;
        }),
      );
    },
  });

  routes.add({
    method: actions.order.moneyInfo.method,
    url: actions.order.moneyInfo.url,
    schema: {
      querystring: orderQuery,
      body: fieldsBody('order', ['freightAmount', 'discountAmount']),
      response: envelopeSchema(countSchema),
    },
    handler: async (req) => {
      const id = orderIdOf(req);
      const data = req.body as Row;
      const [o] = await ordersFor(db, [id], req.user, 'moneyInfo');
      return ok(
        await writeTx(db, ORDER_TABLES, async (trx) => {
          // Read and held inside the change: a payment racing it either waits for it or is seen to have happened.
          const cur = await forUpdate(
            db.dialect,
            trx.selectFrom(tables.order).selectAll().where('id', '=', id),
          ).executeTakeFirstOrThrow();
          if (!orderAllows('moneyInfo', cur.status)) throw refusedFor('moneyInfo');
          const freight = cents(data.freightAmount ?? cur.freight_amount);
          const discount = cents(data.discountAmount ?? cur.discount_amount);
          const pay =
            cents(cur.total_amount) +
            freight -
            cents(cur.promotion_amount) -
            cents(cur.integration_amount) -
            cents(cur.coupon_amount) -
            discount;
          if (pay < 0) throw refused(Messages.payableNegative);
          await moveOrders(
            trx,
            [id],
            'moneyInfo',
            { freight_amount: freight / 100, discount_amount: discount / 100, pay_amount: pay / 100 },
            versionOf(req),
          );
          await addHistory(trx, [o], `Fees changed: freight ${freight / 100}, discount ${discount / 100}`, req.user);
          return 1;
        }),
      );
    },
  });

  routes.add({
    method: actions.order.note.method,
    url: actions.order.note.url,
    schema: {
      querystring: querySchema(['id'], { id: idSchema }, ['id']),
      // The note as the order's field states it (tidied, its length).
      body: fieldsBody('order', ['note']),
      response: envelopeSchema(countSchema),
    },
    handler: async (req) => {
      const { id } = req.query as { id: number };
      const { note } = req.body as { note?: string | null };
      if (!note) throw refused(Messages.operationNoteEmpty);
      const [o] = await ordersFor(db, [id], req.user, 'note');
      return ok(
        await writeTx(db, ORDER_TABLES, async (trx) => {
          await moveOrders(trx, [id], 'note', { note });
          await addHistory(trx, [o], note, req.user);
          return 1;
        }),
      );
    },
  });

  routes.add({
    method: actions.order.message.method,
    url: actions.order.message.url,
    schema: { body: entityBody('orderMessage', 'create'), response: envelopeSchema(message.recordSchema) },
    handler: async (req) => {
      const data = req.body as Row;
      const id = Number(data.orderId);
      const [o] = await ordersFor(db, [id], req.user, 'message');
      return ok(
        await writeTx(db, ORDER_TABLES, async (trx) => {
          const { id: mid } = await trx
            .insertInto(tables.orderMessage)
            .values({
              order_id: id,
              member_id: o.member_id,
              title: String(data.title).trim(),
              content: String(data.content).trim(),
              operate_man: operator(req.user),
              create_time: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await addHistory(trx, [o], `Station message sent: ${String(data.title).trim()}`, req.user);
          const row = await trx
            .selectFrom(tables.orderMessage)
            .selectAll()
            .where('id', '=', Number(mid))
            .executeTakeFirstOrThrow();
          return toRecords(message, [row as Row], db.dialect)[0];
        }),
      );
    },
  });
};
