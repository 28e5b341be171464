import { actions } from '../../../../generated/actions.js';
import type { FastifyRequest } from 'fastify';
import { Messages } from '../../../shared/messages.js';
import { ok, refused } from '../../core/envelope.js';
import {
  arraySchema,
  createRecord,
  envelopeSchema,
  expectedVersion,
  getRecord,
  idOf,
  paramsSchema,
  runtime,
  toRecords,
  updateRecord,
  updateRecords,
  visibleText,
  withProperties,
  actionSchema,
  rulesOf,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';
import { orderHooks, orderMessageHooks } from './order-hooks.js';

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
const orderIdOf = (req: { query: { orderId: number } }) => req.query.orderId;

/**
 * Upstream's order calls (mall-admin-web src/api/order.js): declared actions of the order (and a create of its
 * message) through the write pipeline, whose hooks (order-hooks.ts) keep the state machine and the history; batches
 * are all-or-nothing.
 */
export const orderRoutes: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('order', orderHooks);
  rulesOf(db).on('orderMessage', orderMessageHooks);
  const order = runtime('order');
  const item = runtime('orderItem');
  const history = runtime('orderOperateHistory');
  const logistics = runtime('orderLogistics');
  const message = runtime('orderMessage');
  /** The order's version an edit was made from (If-Match or `rowVersion` in the body). */
  // `rowVersion` is no field of the change: read from what was sent (the query has the body's fields).
  const versionOf = (req: FastifyRequest) => expectedVersion(order, { headers: req.headers, body: req.query });

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
    schema: actionSchema('order', 'close'),
    handler: async (req) => {
      const q = req.query;
      const ids = [...new Set(selected(q.ids))];
      const note = noteOf(q.note);
      const closed = await updateRecords(
        db,
        order,
        ids.map((id) => ({ id, body: {} })),
        req.user,
        { action: 'close', params: { note } },
      );
      return ok(closed.length);
    },
  });

  routes.add({
    method: actions.order.delivery.method,
    url: actions.order.delivery.url,
    schema: actionSchema('order', 'delivery'),
    handler: async (req) => {
      const lines = req.body;
      if (!lines.length) throw refused(Messages.selectRecord);
      if (new Set(lines.map((l) => l.id)).size !== lines.length) throw refused(Messages.repeatedSubmit);
      return ok((await updateRecords(db, order, lines, req.user, { action: 'ship' })).length);
    },
  });

  routes.add({
    method: actions.order.receiverInfo.method,
    url: actions.order.receiverInfo.url,
    schema: actionSchema('order', 'receiverInfo'),
    handler: async (req) => {
      await updateRecord(db, order, orderIdOf(req), req.body, req.user, {
        action: 'receiverInfo',
        expected: versionOf(req),
      });
      return ok(1);
    },
  });

  routes.add({
    method: actions.order.moneyInfo.method,
    url: actions.order.moneyInfo.url,
    schema: actionSchema('order', 'moneyInfo'),
    handler: async (req) => {
      await updateRecord(db, order, orderIdOf(req), req.body, req.user, {
        action: 'moneyInfo',
        expected: versionOf(req),
      });
      return ok(1);
    },
  });

  routes.add({
    method: actions.order.note.method,
    url: actions.order.note.url,
    // The note as the order's field states it (tidied, its length).
    schema: actionSchema('order', 'note'),
    handler: async (req) => {
      await updateRecord(db, order, req.query.id, req.body, req.user, { action: 'note' });
      return ok(1);
    },
  });

  routes.add({
    method: actions.order.message.method,
    url: actions.order.message.url,
    schema: actionSchema('order', 'message'),
    handler: async (req) => ok(await createRecord(db, message, req.body, req.user)),
  });
};
