import { columns, tables } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { validationFailed, ok } from '../../core/envelope.js';
import {
  arraySchema,
  eqCond,
  envelopeSchema,
  expectedVersion,
  getRecord,
  idOf,
  idSchema,
  listPage,
  listQuerySchema,
  pageSchema,
  paramsSchema,
  readRecord,
  runtime,
  saveRecordRow,
  toRow,
  validateBody,
  writeTx,
  type ListQuery,
} from '../../core/crud.js';
import type { Db, Row } from '../../core/db.js';
import type { AppContext, Domain } from '../../context.js';
import type { AuthUser } from '../../core/auth.js';
import { refreshAttributeCounts } from './counts.js';
import { deleted, deleteRoutes } from './http.js';
import { distinctValues, idsOf } from './rows.js';

const TABLES = [
  tables.productAttribute,
  tables.productAttributeCategory,
  tables.productAttributeValue,
  tables.productCategoryAttributeRelation,
];

/**
 * Attributes (type 0 spec, type 1 param) of a product type: list per type, create/update/delete keeping the type's
 * attributeCount / paramCount, and `attrInfo` (filter attributes of a category).
 */
export const attributeRoutes: Domain = (routes, ctx) => {
  const { db, crud } = ctx;
  const rt = runtime('productAttribute');
  const record = envelopeSchema(rt.recordSchema);

  routes.add({
    method: 'GET',
    url: '/productAttribute/list/:cid',
    schema: {
      params: paramsSchema(['cid']),
      querystring: listQuerySchema(rt.meta),
      response: envelopeSchema(pageSchema(rt.recordSchema)),
    },
    handler: async (req) => {
      const cid = (req.params as { cid: number }).cid;
      return ok(
        await listPage(crud, rt, req.query as ListQuery, req.user, [
          eqCond('type', columns.productAttribute.productAttributeCategoryId, cid),
        ]),
      );
    },
  });

  routes.add({
    replaces: true,
    method: 'POST',
    url: '/productAttribute/create',
    schema: { response: record },
    handler: async (req) => ok(await save(ctx, req.body, req.user)),
  });
  routes.add({
    replaces: true,
    method: 'POST',
    url: '/productAttribute/update/:id',
    schema: { params: paramsSchema(['id']), response: record },
    handler: async (req) =>
      ok(await save(ctx, req.body, req.user, idOf(req), expectedVersion(runtime('productAttribute'), req))),
  });

  deleteRoutes(routes, '/productAttribute', async (req) => {
    const ids = idsOf(req);
    return deleted(
      req,
      await writeTx(db, TABLES, async (trx) => {
        const types = (
          await trx
            .selectFrom(tables.productAttribute)
            .select('product_attribute_category_id as t')
            .where('id', 'in', ids)
            .execute()
        ).map((r) => r.t);
        const n = Number(
          (await trx.deleteFrom(tables.productAttribute).where('id', 'in', ids).executeTakeFirst()).numDeletedRows,
        );
        await refreshAttributeCounts(trx, types);
        return n;
      }),
    );
  });

  // Upstream ProductAttrInfo: the category's filter attributes with their product type.
  routes.add({
    method: 'GET',
    url: '/productAttribute/attrInfo/:productCategoryId',
    schema: {
      params: paramsSchema(['productCategoryId']),
      response: envelopeSchema(
        arraySchema({ type: 'object', properties: { attributeId: idSchema, attributeCategoryId: idSchema } }),
      ),
    },
    handler: async (req) => {
      const cid = (req.params as { productCategoryId: number }).productCategoryId;
      const rows = await db.kysely
        .selectFrom(`${tables.productCategoryAttributeRelation} as r`)
        .innerJoin(`${tables.productAttribute} as a`, 'a.id', 'r.product_attribute_id')
        .select(['a.id as attributeId', 'a.product_attribute_category_id as attributeCategoryId'])
        .where('r.product_category_id', '=', cid)
        .orderBy('r.id')
        .execute();
      return ok(
        rows.map((r) => ({ attributeId: Number(r.attributeId), attributeCategoryId: Number(r.attributeCategoryId) })),
      );
    },
  });
};

/** Create or update an attribute; a "from list" input needs a list without empty or repeated values. */
async function save(
  { db, crud }: AppContext,
  body: unknown,
  user: AuthUser | undefined,
  id?: number,
  expected?: number,
): Promise<Row> {
  const rt = runtime('productAttribute');
  const stored = id ? await getRecord(crud, rt, id, user) : undefined;
  const data = validateBody(rt, body, id ? 'update' : 'create');
  const attr = { ...stored, ...data };
  await assertType(db, data.productAttributeCategoryId);
  if (Number(attr.inputType) === 1) {
    const list = distinctValues('inputList', String(attr.inputList ?? ''), Messages.valuesEmptyOrRepeated).join(',');
    // The stored list unchanged is no write (an empty save leaves the record, its version included, as it was).
    if (list !== stored?.inputList) data.inputList = list;
    else delete data.inputList;
  }
  const row = await toRow(rt, data, db.dialect, id ? 'update' : 'create');
  return writeTx(db, TABLES, async (trx) => {
    const aid = await saveRecordRow(trx, db, rt, id, row, expected);
    await refreshAttributeCounts(trx, [stored?.productAttributeCategoryId, attr.productAttributeCategoryId]);
    return (await readRecord(trx, db, rt, aid))!;
  });
}

async function assertType(db: Db, typeId: unknown): Promise<void> {
  if (typeId === undefined) return;
  const found = await db.kysely
    .selectFrom(tables.productAttributeCategory)
    .select('id')
    .where('id', '=', Number(typeId))
    .executeTakeFirst();
  if (!found) throw validationFailed({ productAttributeCategoryId: Messages.doesNotExist });
}
