import { actions } from '../../../../generated/actions.js';
import { columns, tables } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  eqCond,
  envelopeSchema,
  rulesOf,
  idSchema,
  listPage,
  listQuerySchema,
  pageSchema,
  paramsSchema,
  runtime,
  type EntityHooks,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { refreshAttributeCounts } from './counts.js';
import { distinctValues } from './rows.js';
import { ProductAttributeInputType } from '../../../../generated/enums.js';

/**
 * Attributes (type 0 spec, type 1 param) of a product type: list per type and `attrInfo` (filter attributes of a
 * category); create, update and delete are the generic ones with `attributeHooks`.
 */
export const attributeRoutes: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('productAttribute', attributeHooks);
  const rt = runtime('productAttribute');

  routes.add({
    method: actions.productAttribute.listOfType.method,
    url: actions.productAttribute.listOfType.url,
    schema: {
      params: paramsSchema(['cid']),
      querystring: listQuerySchema(rt.meta),
      response: envelopeSchema(pageSchema(rt.recordSchema)),
    },
    handler: async (req) => {
      const cid = req.params.cid;
      return ok(
        await listPage(crud, rt, req.query, req.user, [
          eqCond('type', columns.productAttribute.productAttributeCategoryId, cid),
        ]),
      );
    },
  });

  // Upstream ProductAttrInfo: the category's filter attributes with their product type.
  routes.add({
    method: actions.productAttribute.attrInfo.method,
    url: actions.productAttribute.attrInfo.url,
    schema: {
      params: paramsSchema(['productCategoryId']),
      response: envelopeSchema(
        arraySchema({ type: 'object', properties: { attributeId: idSchema, attributeCategoryId: idSchema } }),
      ),
    },
    handler: async (req) => {
      const cid = req.params.productCategoryId;
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

/**
 * An attribute keeps its type's attributeCount / paramCount (create, update, delete); a "from list" input needs a
 * list without empty or repeated values.
 */
const attributeHooks: EntityHooks = {
  tables: [tables.productAttributeCategory, tables.productAttributeValue, tables.productCategoryAttributeRelation],
  afterValidate(w, item) {
    if (w.op === 'delete' || w.op === 'batch') return;
    const attr = { ...item.stored, ...item.data };
    if (Number(attr.inputType) !== ProductAttributeInputType.fromList) return;
    const list = distinctValues('inputList', String(attr.inputList ?? ''), Messages.valuesEmptyOrRepeated).join(',');
    // The stored list unchanged is no write (an empty save leaves the record, its version included, as it was).
    if (list !== item.stored?.inputList) item.data.inputList = list;
    else delete item.data.inputList;
  },
  async afterWrite(w, trx) {
    const types = w.items.flatMap((i) => [i.stored?.productAttributeCategoryId, i.data.productAttributeCategoryId]);
    await refreshAttributeCounts(trx, types);
  },
};
