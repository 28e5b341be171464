import { tables } from '../../../../generated/database.js';
import type { AuthUser } from '../../core/auth.js';
import {
  arraySchema,
  getRecord,
  recordColumns,
  runtime,
  runtimeNamed,
  toRecords,
  withProperties,
  type CrudContext,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';

/** The product's SKUs, mapped as API records, in insertion order. */
async function skus(crud: CrudContext, productId: number): Promise<Row[]> {
  const rt = runtime('skuStock');
  const qb = crud.db.kysely.selectFrom(tables.skuStock).where('product_id', '=', productId).orderBy('id');
  return toRecords(rt, await recordColumns(qb, rt).execute(), crud.db.dialect);
}

/** The answer of `productComposite`. */
export function compositeSchema(): Record<string, unknown> {
  const product = runtime('product');
  const lists = (product.meta.children ?? []).map((c) => [c.key, arraySchema(runtimeNamed(c.resource).recordSchema)]);
  return withProperties(product.recordSchema, {
    ...Object.fromEntries(lists),
    skuStockList: arraySchema(runtime('skuStock').recordSchema),
    cateParentId: { type: ['integer', 'null'] },
    subjectProductRelationList: { type: 'array' },
    prefrenceAreaProductRelationList: { type: 'array' },
  });
}

/**
 * `GET /product/updateInfo/{id}`: upstream's PmsProductResult — the product with its child lists, `cateParentId`
 * (parent of its category, for the two-level picker) and the upstream lists we do not keep (subjects, preferred
 * areas) as empty lists. Tenant-scoped like every product read.
 */
export async function productComposite(crud: CrudContext, id: number, user?: AuthUser): Promise<Row> {
  const out = await getRecord(crud, runtime('product'), id, user);
  out.skuStockList = await skus(crud, id);
  const cate =
    out.productCategoryId == null
      ? undefined
      : await crud.db.kysely
          .selectFrom(tables.productCategory)
          .select('parent_id')
          .where('id', '=', Number(out.productCategoryId))
          .executeTakeFirst();
  out.cateParentId = cate ? Number(cate.parent_id ?? 0) : null;
  out.subjectProductRelationList = [];
  out.prefrenceAreaProductRelationList = [];
  return out;
}
