import { tables } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  envelopeSchema,
  expectedVersion,
  idOf,
  paramsSchema,
  runtime,
  setEtag,
  updateRecord,
  type AfterUpdate,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';

/** Brand update as the generic one, plus upstream's rule: a renamed brand's name is copied onto its products. */
export const brandRoutes: Domain = (routes, { db }) => {
  const rt = runtime('brand');
  // In the brand update's own transaction: products never keep a stale brand name.
  const copyName: AfterUpdate = {
    tables: [tables.product],
    run: async (trx, before, after) => {
      if (after.name !== before.name) {
        await trx
          .updateTable(tables.product)
          .set({ brand_name: String(after.name) })
          .where('brand_id', '=', Number(after.id))
          .execute();
      }
    },
  };
  routes.add({
    replaces: true,
    method: 'POST',
    url: '/brand/update/:id',
    schema: { params: paramsSchema(['id']), response: envelopeSchema(rt.recordSchema) },
    handler: async (req, reply) => {
      const saved = await updateRecord(db, rt, idOf(req), req.body, req.user, copyName, expectedVersion(rt, req));
      setEtag(reply, rt, saved);
      return ok(saved);
    },
  });
};
