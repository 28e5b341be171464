import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { forbidden } from '../../core/envelope.js';
import {
  given,
  hooks,
  insertRows,
  runtime,
  stampTenant,
  toRow,
  type EntityHooks,
  type WriteItem,
} from '../../core/crud.js';
import type { Db } from '../../core/db.js';
import { refreshProductCounts, refreshProductStock } from './counts.js';
import { CHILD_LISTS } from './child-lists.js';
import { refused } from './refused.js';
import { compositeSchema, productComposite } from './product-read.js';
import { productLists, type ProductLists } from './product-lists.js';
import { saveSkus } from './skus.js';

/** Tables a product write may touch besides its own (their caches are dropped once it commits). */
const PRODUCT_TABLES = [
  tables.skuStock,
  ...Object.values(CHILD_LISTS).map((e) => tables[e]),
  tables.brand,
  tables.productCategory,
];

/** Brand and category counts leave out the recycle bin: of the batch switches only these two can move them. */
const COUNTED = new Set(['deleteStatus', 'productCategoryId']);

const lists = (item: WriteItem) => item.state.lists as ProductLists | undefined;

/**
 * The product on the generic pipeline. Upstream's PmsProductParam is the product fields plus its child lists: the
 * lists are checked against the product as it will be (`productLists`), then written in the product's transaction
 * (lists replaced, SKUs matched by id), and what derives from them follows: the stock (from the SKUs), the brand and
 * category product counts. Its copied names are the schema's `x-admin.copy`. Create and update answer upstream's
 * composite (PmsProductResult); batch switches keep upstream's messages; review (`verifyStatus`) is the platform's.
 */
export function registerProductHooks(): void {
  hooks.on('product', productHooks);
}

const productHooks: EntityHooks = {
  tables: PRODUCT_TABLES,
  beforeValidate(w, item) {
    if (w.op !== 'batch') return;
    // Product review is the platform's: a seller cannot pass (or fail) its own products.
    if (w.field === 'verifyStatus' && !w.user?.platform) throw forbidden();
    if (!w.ids?.length) throw refused(Messages.selectRecord);
    const value = item.body[w.field!];
    if (value === undefined || value === null || String(value).trim() === '') throw refused(Messages.selectBatchType);
  },
  async afterValidate(w, item) {
    if (w.op === 'delete' || w.op === 'batch') return;
    // An update moves a product only to a shop actually named (null or empty is no move).
    if (w.op === 'update' && given(item.body.shopId))
      for (const f of await stampTenant(w.db, w.rt, w.user, item.data, item.body)) item.allow.add(f);
    item.state.lists = await productLists(w.db, item.body, { ...item.stored, ...item.data }, item.id);
  },
  async afterWrite(w, trx) {
    if (w.op === 'batch' && !COUNTED.has(w.field!)) return;
    const written = w.op !== 'delete' && w.op !== 'batch';
    if (written) {
      for (const item of w.items) {
        const l = lists(item)!;
        await saveLists(trx, w.db, item.id!, l);
        const shopId = { ...item.stored, ...item.data }.shopId;
        if (l.skuStockList) await saveSkus(trx, w.db.dialect, item.id!, shopId, l.skuStockList, true);
        else if (item.allow.has('shopId') && item.stored)
          await trx
            .updateTable(tables.skuStock)
            .set({ shop_id: Number(shopId) })
            .where('product_id', '=', item.id!)
            .execute();
      }
      // CSV rows carry no SKUs: an import keeps the stock it was given.
      if (w.op !== 'import')
        await refreshProductStock(
          trx,
          w.items.map((i) => i.id),
        );
    }
    await refreshProductCounts(
      trx,
      w.items.flatMap((i) => [i.stored?.brandId, i.data.brandId]),
      w.items.flatMap((i) => [i.stored?.productCategoryId, i.data.productCategoryId]),
    );
  },
  answer: {
    schema: compositeSchema,
    run: (crud, saved, user) => productComposite(crud, Number(saved.id), user),
  },
};

/** The child lists given replace the stored ones (SKUs apart: `saveSkus` keeps their ids). */
async function saveLists(trx: Kysely<Database>, db: Db, productId: number, lists: ProductLists): Promise<void> {
  for (const [field, entity] of Object.entries(CHILD_LISTS)) {
    const rows = lists[field as keyof typeof CHILD_LISTS];
    if (!rows) continue;
    await trx.deleteFrom(tables[entity]).where('product_id', '=', productId).execute();
    const rt = runtime(entity);
    await insertRows(
      trx,
      rt.table,
      await Promise.all(rows.map((r) => toRow(rt, { ...r, productId }, db.dialect, 'create'))),
    );
  }
}
