import { tables } from '../../../../generated/database.js';
import type { AuthUser } from '../../core/auth.js';
import {
  arraySchema,
  getRecord,
  recordColumns,
  runtime,
  toRecords,
  withProperties,
  type CrudContext,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import { CHILD_LISTS, type ChildEntity } from './child-lists.js';

/** Child rows of one product, mapped as API records, in insertion order. */
async function children(crud: CrudContext, entity: ChildEntity, productId: number): Promise<Row[]> {
  const rt = runtime(entity);
  const qb = crud.db.kysely.selectFrom(tables[entity]).where('product_id', '=', productId).orderBy('id');
  return toRecords(rt, await recordColumns(qb, rt).execute(), crud.db.dialect);
}

/** The answer of `productComposite`. */
export function compositeSchema(): Record<string, unknown> {
  const lists = Object.entries(CHILD_LISTS).map(([field, entity]) => [
    field,
    arraySchema(runtime(entity).recordSchema),
  ]);
  return withProperties(runtime('product').recordSchema, {
    ...Object.fromEntries(lists),
    skuStockList: arraySchema(runtime('skuStock').recordSchema),
    cateParentId: { type: ['integer', 'null'] },
    subjectProductRelationList: { type: 'array' },
    prefrenceAreaProductRelationList: { type: 'array' },
  });
}

/**
 * `GET /product/updateInfo/{id}`: upstream's PmsProductResult — the product, every child list, `cateParentId`
 * (parent of its category, for the two-level picker) and the upstream lists we do not keep (subjects, preferred
 * areas) as empty lists. Tenant-scoped like every product read.
 */
export async function productComposite(crud: CrudContext, id: number, user?: AuthUser): Promise<Row> {
  const product = await getRecord(crud, runtime('product'), id, user);
  const out: Row = { ...product };
  for (const [field, entity] of Object.entries(CHILD_LISTS)) out[field] = await children(crud, entity, id);
  out.skuStockList = await children(crud, 'skuStock', id);
  const cate =
    product.productCategoryId == null
      ? undefined
      : await crud.db.kysely
          .selectFrom(tables.productCategory)
          .select('parent_id')
          .where('id', '=', Number(product.productCategoryId))
          .executeTakeFirst();
  out.cateParentId = cate ? Number(cate.parent_id ?? 0) : null;
  out.subjectProductRelationList = [];
  out.prefrenceAreaProductRelationList = [];
  return out;
}
