import { columns, tables } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  eqCond,
  envelopeSchema,
  expectedVersion,
  getRecord,
  idOf,
  idSchema,
  listAll,
  listPage,
  listQuerySchema,
  pageSchema,
  paramsSchema,
  parentIdSchema,
  readRecord,
  replaceRelations,
  runtime,
  saveRecordRow,
  toRow,
  validateBody,
  withProperties,
  writeTx,
  type ListQuery,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import type { AuthUser } from '../../core/auth.js';
import type { AppContext, Domain } from '../../context.js';
import { deleteBlocker, filterAttributeIds, levelOf } from './category-rules.js';
import { refreshProductCounts } from './counts.js';
import { deleted, deleteRoutes, refused } from './http.js';
import { idsOf } from './rows.js';

const RELATION = tables.productCategoryAttributeRelation;
const TABLES = [tables.productCategory, RELATION, tables.product];

/** Upstream category calls: list per parent, tree, create/update with filter attributes, guarded delete. */
export const categoryRoutes: Domain = (routes, ctx) => {
  const { db, crud } = ctx;
  const rt = runtime('productCategory');
  // A saved category comes back with the ids of its filter attributes.
  const saved = {
    response: envelopeSchema(withProperties(rt.recordSchema, { productAttributeIdList: arraySchema(idSchema) })),
  };

  routes.add({
    method: 'GET',
    url: '/productCategory/list/:parentId',
    schema: {
      params: paramsSchema(['parentId'], { parentId: parentIdSchema }),
      querystring: listQuerySchema(rt.meta),
      response: envelopeSchema(pageSchema(rt.recordSchema)),
    },
    handler: async (req) => {
      const parent = eqCond('parent', columns.productCategory.parentId, (req.params as { parentId: number }).parentId);
      return ok(await listPage(crud, rt, req.query as ListQuery, req.user, [parent]));
    },
  });

  // Upstream PmsProductCategoryWithChildrenItem: each top category with its `children`.
  routes.add({
    method: 'GET',
    url: '/productCategory/list/withChildren',
    schema: {
      response: envelopeSchema(
        arraySchema(withProperties(rt.recordSchema, { children: arraySchema(rt.recordSchema) })),
      ),
    },
    handler: async (req) => {
      const all = await listAll(crud, rt, req.user);
      return ok(
        all
          .filter((c) => !Number(c.parentId))
          .map((top) => ({ ...top, children: all.filter((c) => Number(c.parentId) === top.id) })),
      );
    },
  });

  routes.add({
    replaces: true,
    method: 'POST',
    url: '/productCategory/create',
    schema: saved,
    handler: async (req) => ok(await save(ctx, req.body, req.user)),
  });
  routes.add({
    replaces: true,
    method: 'POST',
    url: '/productCategory/update/:id',
    schema: { params: paramsSchema(['id']), ...saved },
    handler: async (req) =>
      ok(await save(ctx, req.body, req.user, idOf(req), expectedVersion(runtime('productCategory'), req))),
  });

  deleteRoutes(routes, '/productCategory', async (req) => {
    const ids = idsOf(req);
    return deleted(
      req,
      await writeTx(db, TABLES, async (trx) => {
        const blocker = await deleteBlocker(trx, ids);
        if (blocker) throw refused(blocker);
        return Number(
          (await trx.deleteFrom(tables.productCategory).where('id', 'in', ids).executeTakeFirst()).numDeletedRows,
        );
      }),
    );
  });
};

/**
 * Create or update a category: level from the parent (two levels), `productAttributeIdList` (≤ 3 filter
 * attributes) replaced in the relation table, a new name copied onto its products — one transaction.
 */
async function save(
  { db, crud }: AppContext,
  body: unknown,
  user: AuthUser | undefined,
  id?: number,
  expected?: number,
): Promise<Row> {
  const rt = runtime('productCategory');
  const stored = id ? await getRecord(crud, rt, id, user) : undefined;
  const data = validateBody(rt, body, id ? 'update' : 'create');
  // The level always follows the parent, never the body.
  data.level = await levelOf(db, Number(data.parentId ?? stored?.parentId ?? 0), id);
  // An unchanged level is no write (an empty save leaves the record, its version included, as it was).
  if (stored && Number(stored.level) === data.level) delete data.level;
  const attributeIds = await filterAttributeIds(db, (body ?? {}) as Row);
  const row = await toRow(rt, data, db.dialect, id ? 'update' : 'create');
  return writeTx(db, TABLES, async (trx) => {
    const cid = await saveRecordRow(trx, db, rt, id, row, expected);
    if (attributeIds)
      await replaceRelations(trx, RELATION, 'product_category_id', cid, 'product_attribute_id', attributeIds);
    // A move carries its products out of the old parent's total into the new one's.
    if (stored && data.parentId !== undefined && Number(data.parentId) !== Number(stored.parentId)) {
      await refreshProductCounts(trx, [], [cid, stored.parentId]);
    }
    if (stored && data.name !== undefined && data.name !== stored.name) {
      await trx
        .updateTable(tables.product)
        .set({ product_category_name: String(data.name) })
        .where('product_category_id', '=', cid)
        .execute();
    }
    const linked = (
      await trx
        .selectFrom(RELATION)
        .select('product_attribute_id')
        .where('product_category_id', '=', cid)
        .orderBy('id')
        .execute()
    ).map((r) => Number(r.product_attribute_id));
    return { ...(await readRecord(trx, db, rt, cid))!, productAttributeIdList: linked };
  });
}
