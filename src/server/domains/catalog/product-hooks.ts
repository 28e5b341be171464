import type { Transaction } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { forbidden, refused } from '../../core/envelope.js';
import {
  given,
  rulesOf,
  itemId,
  ItemNote,
  savedOf,
  stampTenant,
  type EntityHooks,
  type EntityRuntime,
  type WriteItem,
} from '../../core/crud.js';
import { present } from '../../core/lookup.js';
import type { Db, Row } from '../../core/db.js';
import { countNewProducts, refreshProductCounts, refreshProductStock } from './counts.js';
import { compositeSchema, productComposite } from './product-read.js';
import { productLists } from './product-lists.js';
import { assertDistinctSpecs, skuCode } from './skus.js';

/** Tables a product write may touch besides its own and its child lists' (their caches are dropped once it commits). */
const PRODUCT_TABLES = [tables.brand, tables.productCategory];

/** Brand and category counts leave out the recycle bin: of the batch switches only these two can move them. */
const COUNTED = new Set(['deleteStatus', 'productCategoryId']);

const skus = (item: WriteItem) => item.children?.get('skuStockList');

/** The new SKUs sent without a code, by their place in the list: coded once saved. */
const uncoded = new ItemNote<[number, Row][]>('The SKUs sent without a code');

/**
 * The product on the generic pipeline. Upstream's PmsProductParam is the product fields plus its child lists: the
 * lists of `x-admin.children` are checked and saved by the generic layer, the product's own rules over them run here
 * (`productLists`), and what derives from them follows in the product's transaction: SKU codes, the stock (from the
 * SKUs), the brand and category product counts. Its copied names are the schema's
 * `x-admin.copy`. Create and update answer upstream's composite (PmsProductResult); batch switches keep upstream's
 * messages; review (`verifyStatus`) is the platform's.
 */
export function registerProductHooks(db: Db): void {
  rulesOf(db).on('product', productHooks);
}

const productHooks: EntityHooks = {
  tables: PRODUCT_TABLES,
  beforeValidate(w, item) {
    if (w.op !== 'batch') return dropEmpty(w.rt, item.body);
    // Product review is the platform's: a seller cannot pass (or fail) its own products.
    if (w.field === 'verifyStatus' && !w.user?.platform) throw forbidden();
    if (!w.ids?.length) throw refused(Messages.selectRecord);
    const value = item.body[present(w.field, 'The field of a batch')];
    if (value === undefined || value === null || String(value).trim() === '') throw refused(Messages.selectBatchType);
  },
  async afterValidate(w, item) {
    if (w.op === 'delete' || w.op === 'batch') return;
    // An update moves a product only to a shop actually named (null or empty is no move).
    if (w.op === 'update' && given(item.body.shopId))
      for (const f of await stampTenant(w.db, w.rt, w.user, item.data, item.body)) item.allow.add(f);
    const lists = present(item.children, "The product's child lists");
    await productLists(w.db, lists, { ...item.stored, ...item.data }, item.id);
    // Upstream's generated codes, for the new SKUs sent without one (by their place in the list).
    uncoded.set(
      item,
      (skus(item) ?? []).flatMap((r, i): [number, Row][] => (r.id || r.skuCode ? [] : [[i, r]])),
    );
  },
  async afterWrite(w, trx) {
    if (w.op === 'batch' && !(w.field && COUNTED.has(w.field))) return;
    const written = w.op !== 'delete' && w.op !== 'batch';
    if (written) {
      for (const item of w.items) {
        if (skus(item)) await skusWritten(trx, item);
        else if (item.allow.has('shopId') && item.stored)
          await trx
            .updateTable(tables.skuStock)
            .set({ shop_id: Number({ ...item.stored, ...item.data }.shopId) })
            .where('product_id', '=', itemId(item))
            .execute();
      }
      // CSV rows carry no SKUs: an import keeps the stock it was given.
      if (w.op !== 'import')
        await refreshProductStock(
          trx,
          w.items.map((i) => i.id),
          { ownSave: true },
        );
    }
    // An import's rows are new: added to the counts rather than every product of their brands counted again.
    if (w.op === 'import') return countNewProducts(trx, w.items.map(savedOf));
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

/** Once the SKUs sent are saved: codes for the new ones sent without, and no two with the same spec values. */
async function skusWritten(trx: Transaction<Database>, item: WriteItem): Promise<void> {
  const id = itemId(item);
  for (const [i, r] of uncoded.get(item))
    await trx
      .updateTable(tables.skuStock)
      .set({ sku_code: skuCode(id, i) })
      .where('id', '=', Number(r.id))
      .execute();
  const specs = await trx.selectFrom(tables.skuStock).select('sp_data').where('product_id', '=', id).execute();
  assertDistinctSpecs(
    specs.map((r) => r.sp_data),
    'skuStockList',
  );
}

/** A child list item's field left empty (null or "") is no value: the column's default applies (SKUs apart). */
function dropEmpty(rt: EntityRuntime, body: Row): void {
  if (!body || typeof body !== 'object') return;
  for (const c of rt.meta.children ?? []) {
    const list = body[c.key];
    if (!Array.isArray(list)) continue;
    body[c.key] = list.map((it: unknown) =>
      it && typeof it === 'object' && !Array.isArray(it)
        ? Object.fromEntries(Object.entries(it).flatMap(([k, v]) => emptyToDefault(c.keep, k, v)))
        : it,
    );
  }
}

/**
 * A field of a list item as validated: no value when empty (on a SKU only its spec values, which a kept SKU then
 * keeps); spec values sent as a list become upstream's JSON text.
 */
function emptyToDefault(keep: string | undefined, k: string, v: unknown): [string, unknown][] {
  if (keep && k !== 'spData') return [[k, v]];
  if (v === null || v === '') return [];
  return [[k, k === 'spData' && typeof v !== 'string' ? JSON.stringify(v) : v]];
}
