import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { allows } from '../../../shared/entity-meta.js';
import {
  RETURN_ACTIONS,
  RETURN_STEPS,
  isReturnAction,
  returnActionTo,
  type ReturnAction,
} from '../../../shared/order-states.js';
import { notFound, ok, refused, validationFailed } from '../../core/envelope.js';
import {
  envelopeSchema,
  findRecord,
  getRecord,
  rulesOf,
  idOf,
  nullable,
  paramsSchema,
  runtime,
  actionSchema,
  stamp,
  querySchema,
  updateRecord,
  withProperties,
  itemId,
  storedOf,
  type EntityHooks,
  type WriteContext,
} from '../../core/crud.js';
import { present } from '../../core/lookup.js';
import { forUpdate } from '../../core/db.js';
import type { Domain } from '../../context.js';
import { addHistory, operator } from './orders.js';
import { refundable } from './refunds.js';
import { cents } from '../../../shared/money.js';
import { OrderPayStatus, OrderStatus } from '../../../../generated/enums.js';

/** Upstream sends the status an application moves to: one an action reaches. */
const statusSchema = {
  type: 'integer',
  enum: Object.values(RETURN_ACTIONS).map((a) => a.to),
  errorMessage: 'must be 1 (confirm), 2 (receive) or 3 (reject)',
};

/**
 * Return applications (upstream /returnApply): pending → returning (refund amount and receiving point) → completed
 * (goods received, the order refunded); pending → rejected (with a note). Each step only from its status; a refund
 * never above what was paid for the returned items (refunds.ts).
 */
export const returnRoutes: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('returnApply', returnHooks);
  const apply = runtime('returnApply');
  const address = runtime('companyAddress');

  // Upstream's OmsOrderReturnApplyResult: the application with its receiving point. A read that adds figures of
  // other entities (refundable): write hooks do not shape reads.
  routes.add({
    replaces: true,
    method: 'GET',
    url: '/returnApply/:id',
    schema: {
      params: paramsSchema(['id']),
      response: envelopeSchema(
        withProperties(apply.recordSchema, {
          companyAddress: nullable(address.recordSchema),
          refundable: { type: 'number' },
        }),
      ),
    },
    handler: async (req) => {
      const a = await getRecord(crud, apply, idOf(req), req.user);
      const point = a.companyAddressId ? await findRecord(crud, address, Number(a.companyAddressId)) : undefined;
      // The most a confirmation may refund now, so the form proposes and allows no more than the server takes.
      const most = await refundable(db.kysely, db.dialect, a, false);
      return ok({ ...a, companyAddress: point ?? null, refundable: most / 100 });
    },
  });

  routes.add({
    method: actions.returnApply.updateStatus.method,
    url: actions.returnApply.updateStatus.url,
    schema: {
      ...actionSchema('returnApply', 'updateStatus'),
      params: paramsSchema(['id']),
      // The target status (in the body or the query: merged at the edge): the steps' statuses, from the machine.
      querystring: querySchema(['status'], { status: statusSchema }, ['status']),
    },
    handler: async (req) => {
      const action = returnActionTo(req.query.status);
      if (!action) throw validationFailed({ status: statusSchema.errorMessage });
      await updateRecord(db, apply, idOf(req), req.body, req.user, { action });
      return ok(1);
    },
  });
};

/**
 * A step (`updateStatus`, a declared action) moves an application on from its status only, with the fields that
 * step sets; the refund checked against what was paid, on the order as locked in the step's transaction; once the
 * goods are received the order is refunded, and its history says so. Only completed or rejected applications are
 * deleted, all named or none (one not found or still open refuses all).
 */
/** The update's step, when it is one (the application's declared action); it declares no other. */
function stepOf(w: WriteContext): ReturnAction | undefined {
  if (w.action === undefined) return undefined;
  if (!isReturnAction(w.action)) throw new Error(`returnApply has no action ${w.action}`);
  return w.action;
}

const returnHooks: EntityHooks = {
  tables: [tables.order, tables.orderOperateHistory],

  // The step itself (from which statuses, the fields it sets, its new status, the refund and receiving point a
  // confirmation requires) is the schema's, taken by the write pipeline: these record who handled it, and when.
  afterValidate(w, item) {
    const action = stepOf(w);
    if (w.op !== 'update' || !action) return;
    const now = new Date().toISOString();
    if (action === 'confirm') {
      stamp(item, { handleMan: operator(w.user), handleTime: now });
    } else if (action === 'reject') {
      if (!item.data.handleNote) throw refused(Messages.operationNoteEmpty);
      stamp(item, { handleMan: operator(w.user), handleTime: now });
    } else stamp(item, { receiveMan: operator(w.user), receiveTime: now });
  },

  async beforeWrite(w, trx) {
    const action = stepOf(w);
    if (w.op === 'update' && action) {
      const [item] = w.items;
      const step = RETURN_ACTIONS[action];
      // The application as it is now, held until the step commits: a second step at once finds it moved on.
      const now = await forUpdate(
        w.db.dialect,
        trx.selectFrom(tables.returnApply).select('status').where('id', '=', itemId(item)),
      ).executeTakeFirst();
      if (!allows(step, now?.status)) throw refused(Messages[step.refused]);
      if (action === 'confirm' && cents(item.data.returnAmount) > (await refundable(trx, w.db.dialect, storedOf(item))))
        throw refused(Messages.refundTooHigh);
      return;
    }
    if (w.op !== 'delete') return;
    const ids = present(w.ids, 'The ids of a delete');
    if (w.items.length !== new Set(ids).size) throw notFound();
    let q = trx.selectFrom(tables.returnApply).select('status').where('id', 'in', ids);
    // Held until the delete, so no step moves an application on in between.
    if (w.db.dialect === 'postgres') q = q.forUpdate();
    if ((await q.execute()).some((r) => !allows(RETURN_STEPS.delete, r.status)))
      throw refused(Messages[RETURN_STEPS.delete.refused]);
  },

  async afterWrite(w, trx) {
    if (w.op !== 'update' || w.action !== 'receive') return;
    const a = storedOf(w.items[0]);
    // The goods are back: the order is refunded, and its history says so.
    const o = await trx
      .selectFrom(tables.order)
      .select(['id', 'status'])
      .where('id', '=', Number(a.orderId))
      .executeTakeFirst();
    if (!o) return;
    await trx
      .updateTable(tables.order)
      .set({ pay_status: OrderPayStatus.refunded, modify_time: new Date().toISOString() })
      .where('id', '=', Number(o.id))
      .execute();
    await addHistory(
      trx,
      [{ id: Number(o.id), status: Number(o.status ?? OrderStatus.completed) }],
      { code: 'returnCompleted', params: { id: String(a.id), amount: String(a.returnAmount ?? 0) } },
      w.user,
    );
  },
};
