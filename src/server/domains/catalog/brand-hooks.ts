import type { Db } from '../../core/db.js';
import { tables } from '../../../../generated/database.js';
import { rulesOf, type EntityHooks } from '../../core/crud.js';

/** Upstream's rule: a renamed brand's name is copied onto its products, in the brand update's own transaction. */
const brandHooks: EntityHooks = {
  tables: [tables.product],
  async afterWrite(w, trx) {
    if (w.op !== 'update') return;
    for (const { saved, stored } of w.items) {
      if (saved && saved.name !== stored?.name)
        await trx
          .updateTable(tables.product)
          .set({ brand_name: String(saved.name) })
          .where('brand_id', '=', Number(saved.id))
          .execute();
    }
  },
};

export function registerBrandHooks(db: Db): void {
  rulesOf(db).on('brand', brandHooks);
}
