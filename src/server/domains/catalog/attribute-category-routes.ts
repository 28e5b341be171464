import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { ok } from '../../core/envelope.js';
import { arraySchema, envelopeSchema, listAll, runtime, withProperties, writeTx } from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { deleted, deleteRoutes, refused } from './http.js';
import { idsOf } from './rows.js';
import { ProductAttributeType } from '../../../../generated/enums.js';

const TABLES = [
  tables.productAttributeCategory,
  tables.productAttribute,
  tables.productAttributeValue,
  tables.productCategoryAttributeRelation,
];

/**
 * Product types beyond the generic layer (list, create/update with a form `name`, get are generic):
 * `list/withAttr` and a delete that takes the type's attributes along but refuses a type products still use.
 */
export const attributeCategoryRoutes: Domain = (routes, { db, crud }) => {
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

  deleteRoutes(
    routes,
    '/productAttribute/category',
    async (req) => {
      const ids = idsOf(req);
      return deleted(
        req,
        await writeTx(db, TABLES, async (trx) => {
          const used = await trx
            .selectFrom(tables.product)
            .select('id')
            .where('product_attribute_category_id', 'in', ids)
            .executeTakeFirst();
          if (used) throw refused(Messages.typeInUse);
          await trx.deleteFrom(tables.productAttribute).where('product_attribute_category_id', 'in', ids).execute();
          return Number(
            (await trx.deleteFrom(tables.productAttributeCategory).where('id', 'in', ids).executeTakeFirst())
              .numDeletedRows,
          );
        }),
      );
    },
    true,
  );
};
