import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { insertRow, insertRows } from './rows.js';
import { refreshAttributeCounts, refreshProductCounts } from '../catalog/counts.js';
import { skuCode } from '../catalog/skus.js';
import { DEMO_CATEGORIES, DEMO_TYPES, FILTERS } from './catalog-data.js';
import { demoAttributeRows, generateProduct, loadCatalogRefs } from './catalog-generate.js';
import { demoImage, demoImageUrl } from '../demo-images/names.js';
import { ProductCategoryLevel } from '../../../../generated/enums.js';

/** Products of the demo catalog on a fresh database (spread over the demo shops by category). */
export const DEMO_PRODUCTS = 300;

/**
 * The demo catalog, when there is no category yet: product types with their spec and param attributes, the
 * two-level category tree with filter attributes, and DEMO_PRODUCTS products with SKUs, attribute values and
 * pictures (under `apiBase`). Runs after the shops seed, so products belong to the demo shops.
 */
export async function seedCatalog(trx: Kysely<Database>, apiBase: string, products = DEMO_PRODUCTS): Promise<boolean> {
  if (await trx.selectFrom(tables.productCategory).select('id').limit(1).executeTakeFirst()) return false;
  const typeIds = new Map<string, number>();
  for (const t of DEMO_TYPES) {
    const { id } = await insertRow(trx, tables.productAttributeCategory, {
      name: t.name,
      attribute_count: 0,
      param_count: 0,
    })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeIds.set(t.name, Number(id));
    await insertRows(trx, tables.productAttribute, demoAttributeRows(Number(id), t.name));
  }
  await refreshAttributeCounts(trx);
  await seedCategories(trx, typeIds, apiBase);
  await seedProducts(trx, products, apiBase);
  return true;
}

async function seedCategories(trx: Kysely<Database>, typeIds: Map<string, number>, apiBase: string): Promise<void> {
  const icon = (leaf: string) => demoImageUrl(apiBase, demoImage.product(leaf, 1));
  const attrs = await trx
    .selectFrom(tables.productAttribute)
    .select(['id', 'name', 'product_attribute_category_id'])
    .execute();
  const attrId = (type: string, name: string) =>
    attrs.find((a) => a.name === name && Number(a.product_attribute_category_id) === typeIds.get(type))?.id;
  for (const [k, top] of DEMO_CATEGORIES.entries()) {
    const common = { product_count: 0, product_unit: top.unit, show_status: 1, keywords: top.keywords };
    const { id } = await insertRow(trx, tables.productCategory, {
      ...common,
      parent_id: 0,
      name: top.name,
      level: ProductCategoryLevel.top,
      nav_status: 1,
      sort: (DEMO_CATEGORIES.length - k) * 10,
      icon: icon(top.children[0].name),
      description: `${top.name}: ${top.keywords}.`,
    })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRows(
      trx,
      tables.productCategory,
      top.children.map((c, j) => ({
        ...common,
        parent_id: Number(id),
        name: c.name,
        level: ProductCategoryLevel.second,
        nav_status: j < 2 ? 1 : 0,
        sort: (top.children.length - j) * 10,
        icon: icon(c.name),
        description: `${c.name} in ${top.name}.`,
      })),
    );
    const filters = (FILTERS[top.name] ?? []).map(([type, name]) => attrId(type, name)).filter((v) => v !== undefined);
    if (filters.length) {
      await insertRows(
        trx,
        tables.productCategoryAttributeRelation,
        filters.map((a) => ({ product_category_id: Number(id), product_attribute_id: Number(a) })),
      );
    }
  }
}

async function seedProducts(trx: Kysely<Database>, count: number, apiBase: string): Promise<void> {
  const refs = await loadCatalogRefs(trx, apiBase);
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const { product, skus, values } = generateProduct(refs, i, 0, now);
    const id = Number((await insertRow(trx, tables.product, product).returning('id').executeTakeFirstOrThrow()).id);
    // SKU codes carry the product id, known only now.
    if (skus.length)
      await insertRows(
        trx,
        tables.skuStock,
        skus.map((s, k) => ({ ...s, product_id: id, sku_code: skuCode(id, k) })),
      );
    if (values.length)
      await insertRows(
        trx,
        tables.productAttributeValue,
        values.map((v) => ({ ...v, product_id: id })),
      );
  }
  await refreshProductCounts(trx);
}
