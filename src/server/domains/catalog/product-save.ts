import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import type { AuthUser } from '../../core/auth.js';
import { validationFailed } from '../../core/envelope.js';
import {
  getRecord,
  given,
  insertRows,
  runtime,
  saveRecordRow,
  stampTenant,
  toRow,
  validateBody,
  writeTx,
  type CrudContext,
} from '../../core/crud.js';
import type { Db, Row } from '../../core/db.js';
import { refreshProductCounts, refreshProductStock } from './counts.js';
import { CHILD_LISTS } from './child-lists.js';
import { productLists, type ProductLists } from './product-lists.js';
import { saveSkus } from './skus.js';

/** Tables a product write may touch (their caches are dropped once it commits). */
export const PRODUCT_TABLES = [
  tables.product,
  tables.skuStock,
  ...Object.values(CHILD_LISTS).map((e) => tables[e]),
  tables.brand,
  tables.productCategory,
];

/** brandName / productCategoryName from the referenced rows (which must exist). */
export async function refNames(db: Db, product: Row): Promise<Row> {
  const out: Row = {};
  const pairs = [
    ['brandId', tables.brand, 'brandName'],
    ['productCategoryId', tables.productCategory, 'productCategoryName'],
  ] as const;
  for (const [field, table, nameField] of pairs) {
    const id = product[field];
    if (id === undefined || id === null) {
      out[nameField] = null;
      continue;
    }
    const row = await db.kysely.selectFrom(table).select('name').where('id', '=', Number(id)).executeTakeFirst();
    if (!row) throw validationFailed({ [field]: Messages.doesNotExist });
    out[nameField] = row.name;
  }
  return out;
}

/**
 * `POST /product/create` and `POST /product/update/{id}`: upstream's PmsProductParam (product fields + child
 * lists) validated whole, then written in ONE transaction: the product, its child lists (replaced), its SKUs
 * (matched by id), then what derives from them: its stock (from the SKUs), the brand and category product counts. A seller's product is stamped with their shop (tenancy);
 * an update reaches only the caller's products. Returns the product id.
 */
export async function saveProduct(
  db: Db,
  crud: CrudContext,
  body: unknown,
  user: AuthUser | undefined,
  id?: number,
  expected?: number,
): Promise<number> {
  const rt = runtime('product');
  const mode = id ? 'update' : 'create';
  const raw = (body ?? {}) as Row;
  const stored = id ? await getRecord(crud, rt, id, user) : undefined;
  const data = validateBody(rt, body, mode);
  // An update moves a product only to a shop actually named (null or empty is no move).
  const allow = !id || given(raw.shopId) ? await stampTenant(db, rt, user, data, raw) : new Set<string>();
  const product = { ...stored, ...data };
  Object.assign(data, await refNames(db, product));
  const lists = await productLists(db, raw, product, id);
  const row = await toRow(rt, data, db.dialect, mode, new Set([...allow, 'brandName', 'productCategoryName']), user);
  return writeTx(db, PRODUCT_TABLES, async (trx) => {
    const pid = await saveRecordRow(trx, db, rt, id, row, expected);
    await saveLists(trx, db, pid, lists);
    if (lists.skuStockList) await saveSkus(trx, db.dialect, pid, product.shopId, lists.skuStockList, true);
    else if (id && 'shopId' in data)
      await trx
        .updateTable(tables.skuStock)
        .set({ shop_id: Number(data.shopId) })
        .where('product_id', '=', pid)
        .execute();
    await refreshProductStock(trx, [pid]);
    await refreshProductCounts(
      trx,
      [stored?.brandId, product.brandId],
      [stored?.productCategoryId, product.productCategoryId],
    );
    return pid;
  });
}

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
