import { actions } from '../../../../generated/actions.js';
import type { Kysely } from 'kysely';
import { columns, tables, type Database } from '../../../../generated/database.js';
import { ok, refused } from '../../core/envelope.js';
import {
  arraySchema,
  eqCond,
  envelopeSchema,
  rulesOf,
  idSchema,
  listAll,
  listPage,
  listQuerySchema,
  pageSchema,
  paramsSchema,
  parentIdSchema,
  runtime,
  withProperties,
  type EntityHooks,
  itemId,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { deleteBlocker, levelOf } from './category-rules.js';
import { refreshProductCounts } from './counts.js';

const RELATION = tables.productCategoryAttributeRelation;

/**
 * Upstream category calls: list per parent, tree; create, update and delete are the generic ones with
 * `categoryHooks`.
 */
export const categoryRoutes: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('productCategory', categoryHooks);
  const rt = runtime('productCategory');

  routes.add({
    method: 'GET',
    url: '/productCategory/list/:parentId',
    schema: {
      params: paramsSchema(['parentId'], { parentId: parentIdSchema }),
      querystring: listQuerySchema(rt.meta),
      response: envelopeSchema(pageSchema(rt.recordSchema)),
    },
    handler: async (req) => {
      const parent = eqCond('parent', columns.productCategory.parentId, req.params.parentId);
      return ok(await listPage(crud, rt, req.query, req.user, [parent]));
    },
  });

  // Upstream PmsProductCategoryWithChildrenItem: each top category with its `children`.
  routes.add({
    method: actions.productCategory.withChildren.method,
    url: actions.productCategory.withChildren.url,
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
};

/** The ids of a category's filter attributes, in the order they were given. */
async function linkedAttributes(k: Kysely<Database>, id: number): Promise<number[]> {
  const rows = await k
    .selectFrom(RELATION)
    .select('product_attribute_id')
    .where('product_category_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((r) => Number(r.product_attribute_id));
}

/**
 * A category's writes: the level follows the parent (two levels), a move carries its products' count from the old
 * parent to the new one, a new name is copied onto its products; a category with sub-categories or products is not
 * deleted. A saved category comes back with the ids of its filter attributes (`productAttributeIdList`, a child list
 * of its schema).
 */
const categoryHooks: EntityHooks = {
  tables: [tables.product],
  async afterValidate(w, item) {
    if (w.op === 'delete' || w.op === 'batch') return;
    const { stored, data } = item;
    // The level always follows the parent, never the body.
    data.level = await levelOf(w.db, Number(data.parentId ?? stored?.parentId ?? 0), item.id);
    // An unchanged level is no write (an empty save leaves the record, its version included, as it was).
    if (stored && Number(stored.level) === data.level) delete data.level;
  },
  async beforeWrite(w, trx) {
    if (w.op !== 'delete' || !w.ids?.length) return;
    const blocker = await deleteBlocker(trx, w.ids);
    if (blocker) throw refused(blocker);
  },
  async afterWrite(w, trx) {
    if (w.op === 'delete' || w.op === 'batch') return;
    for (const item of w.items) {
      const { stored, data } = item;
      const cid = itemId(item);
      // A move carries its products out of the old parent's total into the new one's.
      if (stored && data.parentId !== undefined && Number(data.parentId) !== Number(stored.parentId))
        await refreshProductCounts(trx, [], [cid, stored.parentId]);
      if (stored && data.name !== undefined && data.name !== stored.name)
        await trx
          .updateTable(tables.product)
          .set({ product_category_name: String(data.name) })
          .where('product_category_id', '=', cid)
          .execute();
    }
  },
  answer: {
    schema: () =>
      withProperties(runtime('productCategory').recordSchema, { productAttributeIdList: arraySchema(idSchema) }),
    run: async (crud, saved) => ({
      ...saved,
      productAttributeIdList: await linkedAttributes(crud.db.kysely, Number(saved.id)),
    }),
  },
};
