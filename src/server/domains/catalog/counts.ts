import type { ExpressionBuilder, Kysely } from 'kysely';
import { columns, tables, type Database } from '../../../../generated/database.js';
import { addShopFigure, childRowsWritten } from '../../core/crud.js';
import { q, type Db, type Row } from '../../core/db.js';
import { ProductDeleteStatus } from '../../../../generated/enums.js';
import { get } from '../../core/lookup.js';

const uniq = (ids: unknown[]) => [...new Set(ids.filter((v) => v !== null && v !== undefined).map(Number))];

/**
 * Recounts `product_count` of brands and categories from the products themselves (those not in the recycle bin):
 * derived data, so recomputing the touched rows is always right whatever the write was. No ids = every row, in
 * one grouped pass (a per-row count over a big table would take seconds). A top category also counts its
 * sub-categories' products (the category list shows both levels' counts, as upstream's does).
 */
export async function refreshProductCounts(
  trx: Kysely<Database>,
  brandIds?: unknown[],
  categoryIds?: unknown[],
): Promise<void> {
  const categories = categoryIds && (await withParents(trx, uniq(categoryIds)));
  await recount(trx, tables.brand, 'brand_id', brandIds && uniq(brandIds));
  await recount(trx, tables.productCategory, 'product_category_id', categories);
  if (categories && !categories.length) return;
  // Own products were just counted; add the children's (two levels, so one pass over the top categories).
  let rollUp = trx
    .updateTable(tables.productCategory)
    .set((eb) => ({
      product_count: eb(
        'product_count',
        '+',
        eb
          .selectFrom(`${tables.productCategory} as c`)
          .select((e) => e.fn.coalesce(e.fn.sum<number>('c.product_count'), e.lit(0)).as('s'))
          .whereRef('c.parent_id', '=', `${tables.productCategory}.id`),
      ),
    }))
    .where('parent_id', '=', 0);
  if (categories) rollUp = rollUp.where('id', 'in', categories);
  await rollUp.execute();
}

/**
 * Adds products just inserted (`saved` records) to their brands' and categories' `product_count` (a top category's
 * too), in the transaction that inserted them: an import's batch then costs a few one-row updates instead of a
 * recount of every product of its brands (79 ms a batch on PostgreSQL beside a million products). Exact as the
 * recount is: the rows counted are the transaction's own, committed or rolled back with it, and an increment reads
 * the row's latest committed value (a concurrent batch's lock is waited for).
 */
export async function countNewProducts(trx: Kysely<Database>, saved: Row[]): Promise<void> {
  const live = saved.filter((p) => Number(p.deleteStatus ?? ProductDeleteStatus.normal) === ProductDeleteStatus.normal);
  const brands = tally(live.map((p) => p.brandId));
  const categories = tally(live.map((p) => p.productCategoryId));
  if (categories.size) {
    const parents = await trx
      .selectFrom(tables.productCategory)
      .select(['id', 'parent_id'])
      .where('id', 'in', [...categories.keys()])
      .where('parent_id', '!=', 0)
      .execute();
    for (const c of parents) {
      const own = get(categories, Number(c.id), 'Category');
      categories.set(Number(c.parent_id), (categories.get(Number(c.parent_id)) ?? 0) + own);
    }
  }
  await addCounts(trx, tables.brand, brands);
  await addCounts(trx, tables.productCategory, categories);
}

/** How many times each id occurs (no value: not counted). */
function tally(ids: unknown[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const id of ids) if (id !== null && id !== undefined) out.set(Number(id), (out.get(Number(id)) ?? 0) + 1);
  return out;
}

/** `product_count + n` on each row of `add` (one statement for the rows adding the same n). */
async function addCounts(
  trx: Kysely<Database>,
  table: typeof tables.brand | typeof tables.productCategory,
  add: Map<number, number>,
): Promise<void> {
  const byAmount = new Map<number, number[]>();
  for (const [id, n] of add) byAmount.set(n, [...(byAmount.get(n) ?? []), id]);
  for (const [n, ids] of byAmount)
    await trx
      .updateTable(table)
      .set((eb) => ({ product_count: eb('product_count', '+', n) }))
      .where('id', 'in', ids)
      .execute();
}

/** `product_count` of the brands or categories `ids` (every row when undefined) from their products. */
async function recount(
  trx: Kysely<Database>,
  table: typeof tables.brand | typeof tables.productCategory,
  column: 'brand_id' | 'product_category_id',
  ids: number[] | undefined,
): Promise<void> {
  if (!ids) {
    await trx.updateTable(table).set({ product_count: 0 }).execute();
    const counted = trx
      .selectFrom(tables.product)
      .select([`${column} as k`, (e) => e.fn.countAll<number>().as('c')])
      .where('delete_status', '=', ProductDeleteStatus.normal)
      .groupBy(column);
    await trx
      .updateTable(table)
      .from(counted.as('x'))
      .set((eb) => ({ product_count: eb.ref('x.c') }))
      .whereRef('x.k', '=', `${table}.id`)
      .execute();
    return;
  }
  if (!ids.length) return;
  await trx
    .updateTable(table)
    .set((eb) => ({
      product_count: eb
        .selectFrom(`${tables.product} as p`)
        .select((e) => e.fn.countAll<number>().as('c'))
        .whereRef(`p.${column}`, '=', `${table}.id`)
        .where('p.delete_status', '=', ProductDeleteStatus.normal),
    }))
    .where('id', 'in', ids)
    .execute();
}

/**
 * The stored counts above sum every shop's products; a seller sees its own shops' only, counted the same way (not
 * in the recycle bin; a top category with its sub-categories'), through the generic reads' per-shop figures.
 */
export function registerShopCounts(db: Db): void {
  const p = columns.product;
  const products = (inShops: (column: string) => string, match: string) =>
    `SELECT count(*) FROM ${q(tables.product)} AS p WHERE ${match} AND p.${q(p.deleteStatus)} = 0 ` +
    `AND ${inShops(`p.${q(p.shopId)}`)}`;
  const brand = `${q(tables.brand)}."id"`;
  addShopFigure(db, 'brand', 'productCount', (inShops) => products(inShops, `p.${q(p.brandId)} = ${brand}`));
  const category = `${q(tables.productCategory)}."id"`;
  const tree =
    `SELECT c."id" FROM ${q(tables.productCategory)} AS c ` +
    `WHERE c."id" = ${category} OR c.${q(columns.productCategory.parentId)} = ${category}`;
  addShopFigure(db, 'productCategory', 'productCount', (inShops) =>
    products(inShops, `p.${q(p.productCategoryId)} IN (${tree})`),
  );
}

/** The ids and their parent categories (whose totals include them). */
async function withParents(trx: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (!ids.length) return ids;
  const parents = await trx
    .selectFrom(tables.productCategory)
    .select('parent_id')
    .where('id', 'in', ids)
    .where('parent_id', '!=', 0)
    .execute();
  return uniq([...ids, ...parents.map((p) => p.parent_id)]);
}

type TypeUpdate = ExpressionBuilder<Database, typeof tables.productAttributeCategory>;

/** Recounts attribute_count (spec, type 0) and param_count (type 1) of product types. No ids = every row. */
export async function refreshAttributeCounts(trx: Kysely<Database>, typeIds?: unknown[]): Promise<void> {
  const ids = typeIds && uniq(typeIds);
  if (ids && !ids.length) return;
  const count = (type: number) => (eb: TypeUpdate) =>
    eb
      .selectFrom(`${tables.productAttribute} as a`)
      .select((e) => e.fn.countAll<number>().as('c'))
      .whereRef('a.product_attribute_category_id', '=', `${tables.productAttributeCategory}.id`)
      .where('a.type', '=', type);
  let q = trx
    .updateTable(tables.productAttributeCategory)
    .set((eb) => ({ attribute_count: count(0)(eb), param_count: count(1)(eb) }));
  if (ids) q = q.where('id', 'in', ids);
  await q.execute();
}

/**
 * A product with SKUs holds what its SKUs hold: `stock` = the sum of their stock, or -1 (unlimited) when one of them
 * is unlimited. A product without SKUs keeps the stock it was given. Called after SKUs of the products were written:
 * by another record's write (an order's close puts stock back), the products' versions move on too, so a product
 * form loaded before cannot save its older SKUs over them; the product's own save (`ownSave`) has moved it already.
 */
export async function refreshProductStock(
  trx: Kysely<Database>,
  productIds: unknown[],
  { ownSave = false } = {},
): Promise<void> {
  const ids = uniq(productIds);
  if (!ids.length) return;
  if (!ownSave) await childRowsWritten(trx, 'skuStock', ids);
  const skus = (eb: ExpressionBuilder<Database, typeof tables.product>) =>
    eb.selectFrom(`${tables.skuStock} as k`).whereRef('k.product_id', '=', `${tables.product}.id`);
  await trx
    .updateTable(tables.product)
    .set((eb) => ({
      stock: eb
        .case()
        .when(eb.exists(skus(eb).select('k.id').where('k.stock', '=', -1)))
        .then(-1)
        .else(skus(eb).select((e) => e.fn.sum<number>('k.stock').as('s')))
        .end(),
    }))
    .where('id', 'in', ids)
    .where((eb) => eb.exists(skus(eb).select('k.id')))
    .execute();
}
