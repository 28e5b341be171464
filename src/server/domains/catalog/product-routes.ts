import { tables } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  envelopeSchema,
  expectedVersion,
  idOf,
  listPage,
  paramsSchema,
  querySchema,
  runtime,
  writeTx,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { refreshProductCounts } from './counts.js';
import { deleted, deleteRoutes } from './http.js';
import { compositeSchema, productComposite } from './product-read.js';
import { PRODUCT_TABLES, saveProduct } from './product-save.js';
import { scopedProducts } from './product-scope.js';
import { idsOf } from './rows.js';

const SIMPLE_LIST_MAX = 200;

/**
 * Product calls beyond the generic layer: simple list, composite create/update/read. The generic list leaves the
 * recycle bin out (the schema's `deleteStatus` filter defaults to 0; `deleteStatus=1` shows the bin).
 */
export const productRoutes: Domain = (routes, { db, crud }) => {
  const rt = runtime('product');
  const params = paramsSchema(['id']);
  const composite = envelopeSchema(compositeSchema());

  routes.add({
    method: 'GET',
    url: '/product/simpleList',
    schema: {
      querystring: querySchema(['keyword'], { keyword: { type: 'string' } }),
      response: envelopeSchema(arraySchema(rt.recordSchema)),
    },
    handler: async (req) => {
      const query = { keyword: (req.query as { keyword?: string }).keyword, pageSize: SIMPLE_LIST_MAX };
      return ok((await listPage(crud, rt, query, req.user)).list);
    },
  });

  routes.add({
    replaces: true,
    method: 'POST',
    url: '/product/create',
    schema: { response: composite },
    handler: async (req) => ok(await productComposite(crud, await saveProduct(db, crud, req.body, req.user), req.user)),
  });

  routes.add({
    replaces: true,
    method: 'POST',
    url: '/product/update/:id',
    schema: { params, response: composite },
    handler: async (req) => {
      const id = await saveProduct(db, crud, req.body, req.user, idOf(req), expectedVersion(runtime('product'), req));
      return ok(await productComposite(crud, id, req.user));
    },
  });

  routes.add({
    method: 'GET',
    url: '/product/updateInfo/:id',
    schema: { params, response: composite },
    handler: async (req) => ok(await productComposite(crud, idOf(req), req.user)),
  });

  // Deleting for good (the recycle bin's "delete"): child rows cascade, counts follow.
  deleteRoutes(routes, '/product', async (req) => {
    const rows = await scopedProducts(crud, idsOf(req), req.user);
    return deleted(
      req,
      !rows.length
        ? 0
        : await writeTx(db, PRODUCT_TABLES, async (trx) => {
            const res = await trx
              .deleteFrom(tables.product)
              .where(
                'id',
                'in',
                rows.map((r) => Number(r.id)),
              )
              .executeTakeFirst();
            await refreshProductCounts(
              trx,
              rows.map((r) => r.brandId),
              rows.map((r) => r.productCategoryId),
            );
            return Number(res.numDeletedRows);
          }),
    );
  });
};
