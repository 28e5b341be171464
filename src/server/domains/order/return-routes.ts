import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { Messages, REQUIRED } from '../../../shared/messages.js';
import { RETURN_ACTIONS, returnActionTo } from '../../../shared/order-states.js';
import { notFound, ok, validationFailed } from '../../core/envelope.js';
import {
  countSchema,
  envelopeSchema,
  findRecord,
  getRecord,
  hooks,
  idOf,
  nullable,
  paramsSchema,
  runtime,
  fieldsBody,
  querySchema,
  withProperties,
  writeTx,
  type EntityHooks,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';
import { refused } from '../catalog/refused.js';
import { addHistory, operator } from './orders.js';
import { refundable } from './refunds.js';
import { cents } from '../../../shared/money.js';
import { OrderPayStatus, OrderStatus, ReturnApplyStatus } from '../../../../generated/enums.js';

/** Upstream sends the status an application moves to: one an action reaches. */
const statusSchema = {
  type: 'integer',
  enum: Object.values(RETURN_ACTIONS).map((a) => a.to),
  errorMessage: 'must be 1 (confirm), 2 (receive) or 3 (reject)',
};

const DELETABLE: number[] = [ReturnApplyStatus.completed, ReturnApplyStatus.rejected];

/**
 * Return applications (upstream /returnApply): pending → returning (refund amount and receiving point) → completed
 * (goods received, the order refunded); pending → rejected (with a note). Each step only from its status; a refund
 * never above what was paid for the returned items (refunds.ts).
 */
export const returnRoutes: Domain = (routes, { db, crud }) => {
  hooks.on('returnApply', returnHooks);
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
      params: paramsSchema(['id']),
      // The target status (in the body or the query: merged at the edge), and the application's fields it sets.
      querystring: querySchema(['status'], { status: statusSchema }, ['status']),
      body: fieldsBody('returnApply', ['returnAmount', 'handleNote', 'receiveNote', 'companyAddressId']),
      response: envelopeSchema(countSchema),
    },
    handler: async (req) => {
      const id = idOf(req);
      const data = req.body as Row;
      const a = await getRecord(crud, apply, id, req.user);
      const action = returnActionTo((req.query as { status: number }).status)!;
      const step = RETURN_ACTIONS[action];
      if (Number(a.status) !== step.from) throw refused(Messages[step.refused]);
      const now = new Date().toISOString();
      const set: Record<string, unknown> = { status: step.to };
      if (action === 'confirm') {
        if (data.returnAmount === undefined || data.returnAmount === null)
          throw validationFailed({ returnAmount: REQUIRED });
        const pointId = Number(data.companyAddressId ?? NaN);
        const point = pointId > 0 ? await findRecord(crud, address, pointId) : undefined;
        if (!point || Number(point.shopId) !== Number(a.shopId))
          throw validationFailed({ companyAddressId: data.companyAddressId ? Messages.doesNotExist : REQUIRED });
        Object.assign(set, {
          return_amount: cents(data.returnAmount) / 100,
          company_address_id: pointId,
          handle_note: data.handleNote ?? null,
          handle_man: operator(req.user),
          handle_time: now,
        });
      } else if (action === 'reject') {
        const note = data.handleNote as string | null | undefined;
        if (!note) throw refused(Messages.operationNoteEmpty);
        Object.assign(set, { handle_note: note, handle_man: operator(req.user), handle_time: now });
      } else {
        Object.assign(set, {
          receive_note: data.receiveNote ?? null,
          receive_man: operator(req.user),
          receive_time: now,
        });
      }
      return ok(
        await writeTx(db, [tables.returnApply, tables.order, tables.orderOperateHistory], async (trx) => {
          if (action === 'confirm' && cents(set.return_amount) > (await refundable(trx, db.dialect, a)))
            throw refused(Messages.refundTooHigh);
          const res = await trx
            .updateTable(tables.returnApply)
            .set(set)
            .where('id', '=', id)
            .where('status', '=', step.from)
            .executeTakeFirst();
          if (Number(res.numUpdatedRows) !== 1) throw refused(Messages[step.refused]);
          if (action === 'receive') {
            // The goods are back: the order is refunded, and its history says so.
            const o = await trx
              .selectFrom(tables.order)
              .select(['id', 'status'])
              .where('id', '=', Number(a.orderId))
              .executeTakeFirst();
            if (o) {
              await trx
                .updateTable(tables.order)
                .set({ pay_status: OrderPayStatus.refunded, modify_time: now })
                .where('id', '=', Number(o.id))
                .execute();
              await addHistory(
                trx,
                [{ id: Number(o.id), status: Number(o.status ?? OrderStatus.completed) }],
                `Return #${id} completed, refunded ${a.returnAmount ?? 0}`,
                req.user,
              );
            }
          }
          return 1;
        }),
      );
    },
  });
};

/** Only completed or rejected applications are deleted, all named or none (one not found or still open refuses all). */
const returnHooks: EntityHooks = {
  async beforeWrite(w, trx) {
    if (w.op !== 'delete') return;
    if (w.items.length !== new Set(w.ids).size) throw notFound();
    let q = trx.selectFrom(tables.returnApply).select('status').where('id', 'in', w.ids!);
    // Held until the delete, so no step moves an application on in between.
    if (w.db.dialect === 'postgres') q = q.forUpdate();
    if ((await q.execute()).some((r) => !DELETABLE.includes(Number(r.status))))
      throw refused(Messages.returnNotDeletable);
  },
};
