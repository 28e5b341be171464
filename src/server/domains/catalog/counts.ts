import type { Kysely } from 'kysely';

const uniq = (ids: unknown[]) => [...new Set(ids.filter((v) => v !== null && v !== undefined).map(Number))];

/**
 * Recounts `product_count` of brands and categories from the products themselves (those not in the recycle bin):
 * derived data, so recomputing the touched rows is always right whatever the write was. No ids = every row, in
 * one grouped pass (a per-row count over a big table would take seconds).
 */
export async function refreshProductCounts(trx: Kysely<any>, brandIds?: unknown[], categoryIds?: unknown[]): Promise<void> {
  const targets: [string, string, number[] | undefined][] = [
    ['pms_brand', 'brand_id', brandIds && uniq(brandIds)],
    ['pms_product_category', 'product_category_id', categoryIds && uniq(categoryIds)],
  ];
  for (const [table, column, ids] of targets) {
    if (!ids) {
      await trx.updateTable(table).set({ product_count: 0 }).execute();
      const counted = trx.selectFrom('pms_product').select([`${column} as k`, (e) => e.fn.countAll().as('c')])
        .where('delete_status', '=', 0).groupBy(column);
      await trx.updateTable(table).from(counted.as('x')).set((eb) => ({ product_count: eb.ref('x.c') }))
        .whereRef('x.k', '=', `${table}.id`).execute();
      continue;
    }
    if (!ids.length) continue;
    await trx.updateTable(table).set((eb) => ({
      product_count: eb.selectFrom('pms_product as p').select((e) => e.fn.countAll().as('c'))
        .whereRef(`p.${column}`, '=', `${table}.id`).where('p.delete_status', '=', 0),
    })).where('id', 'in', ids).execute();
  }
}

/** Recounts attribute_count (spec, type 0) and param_count (type 1) of product types. No ids = every row. */
export async function refreshAttributeCounts(trx: Kysely<any>, typeIds?: unknown[]): Promise<void> {
  const ids = typeIds && uniq(typeIds);
  if (ids && !ids.length) return;
  const count = (type: number) => (eb: any) => eb.selectFrom('pms_product_attribute as a')
    .select((e: any) => e.fn.countAll().as('c'))
    .whereRef('a.product_attribute_category_id', '=', 'pms_product_attribute_category.id').where('a.type', '=', type);
  let q = trx.updateTable('pms_product_attribute_category').set((eb) => ({ attribute_count: count(0)(eb), param_count: count(1)(eb) }));
  if (ids) q = q.where('id', 'in', ids);
  await q.execute();
}
