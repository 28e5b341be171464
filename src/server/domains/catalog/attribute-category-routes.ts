import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { ok, refused } from '../../core/envelope.js';
import {
  arraySchema,
  envelopeSchema,
  rulesOf,
  listAll,
  runtime,
  withProperties,
  type EntityHooks,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { ProductAttributeType } from '../../../../generated/enums.js';

/** A type's delete takes its attributes along (their values and filter relations cascade); products still using it refuse it. */
const typeHooks: EntityHooks = {
  tables: [tables.productAttribute, tables.productAttributeValue, tables.productCategoryAttributeRelation],
  async beforeWrite(w, trx) {
    if (w.op !== 'delete' || !w.ids?.length) return;
    const used = await trx
      .selectFrom(tables.product)
      .select('id')
      .where('product_attribute_category_id', 'in', w.ids)
      .executeTakeFirst();
    if (used) throw refused(Messages.typeInUse);
    await trx.deleteFrom(tables.productAttribute).where('product_attribute_category_id', 'in', w.ids).execute();
  },
};

/**
 * Product types beyond the generic layer (list, create/update with a form `name`, get are generic):
 * `list/withAttr`; the generic delete with `typeHooks`.
 */
export const attributeCategoryRoutes: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('productAttributeCategory', typeHooks);
  const type = runtime('productAttributeCategory');
  const attribute = runtime('productAttribute');

  // Upstream PmsProductAttributeCategoryItem: each type with its param attributes (type 1, the category filters).
  routes.add({
    method: actions.productAttributeCategory.withAttr.method,
    url: actions.productAttributeCategory.withAttr.url,
    schema: {
      response: envelopeSchema(
        arraySchema(withProperties(type.recordSchema, { productAttributeList: arraySchema(attribute.recordSchema) })),
      ),
    },
    handler: async (req) => {
      const [types, attrs] = await Promise.all([listAll(crud, type, req.user), listAll(crud, attribute, req.user)]);
      return ok(
        types.map((t) => ({
          ...t,
          productAttributeList: attrs.filter(
            (a) => a.productAttributeCategoryId === t.id && Number(a.type) === ProductAttributeType.param,
          ),
        })),
      );
    },
  });
};
