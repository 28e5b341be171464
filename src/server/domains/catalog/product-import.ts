import { sql } from 'kysely';
import { tables } from '../../../../generated/database.js';
import { importHooks } from '../../core/crud/import.js';
import { refreshProductCounts } from './counts.js';

/**
 * Imported products as saved ones: their brand and category names copied (as the product save does) and the
 * brands' and categories' product counts recounted, in the import's transaction.
 */
export function registerProductImport(): void {
  importHooks.set('product', {
    tables: [tables.brand, tables.productCategory],
    run: async (trx, saved) => {
      const ids = saved.map((p) => Number(p.id));
      for (let i = 0; i < ids.length; i += 5000) {
        const slice = ids.slice(i, i + 5000);
        await trx
          .updateTable(tables.product)
          .set({
            brand_name: sql`(SELECT b.name FROM ${sql.table(tables.brand)} b WHERE b.id = brand_id)`,
            product_category_name: sql`(SELECT c.name FROM ${sql.table(tables.productCategory)} c WHERE c.id = product_category_id)`,
          })
          .where('id', 'in', slice)
          .execute();
      }
      await refreshProductCounts(
        trx,
        saved.map((p) => p.brandId),
        saved.map((p) => p.productCategoryId),
      );
    },
  });
}
