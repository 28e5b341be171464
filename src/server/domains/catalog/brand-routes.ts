import { ok } from '../../core/envelope.js';
import { envelopeSchema, getRecord, idOf, runtime, updateRecord, writeTx } from '../../core/crud.js';
import type { Domain } from '../../context.js';

/** Brand update as the generic one, plus upstream's rule: a renamed brand's name is copied onto its products. */
export const brandRoutes: Domain = (routes, { db, crud }) => {
  const rt = runtime('brand');
  routes.add({
    method: 'POST', url: '/brand/update/:id',
    schema: { response: envelopeSchema(rt.recordSchema) },
    handler: async (req) => {
      const id = idOf(req);
      const before = await getRecord(crud, rt, id, req.user);
      const saved = await updateRecord(db, rt, id, req.body, req.user);
      if (saved.name !== before.name) {
        await writeTx(db, ['pms_product'], (trx) => trx.updateTable('pms_product').set({ brand_name: saved.name }).where('brand_id', '=', id).execute());
      }
      return ok(saved);
    },
  });
};
