import { actions } from '../../../../generated/actions.js';
import { ok } from '../../core/envelope.js';
import { arraySchema, envelopeSchema, idOf, listPage, paramsSchema, querySchema, runtime } from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { compositeSchema, productComposite } from './product-read.js';

const SIMPLE_LIST_MAX = 200;

/**
 * Product calls beyond the generic layer: simple list, composite read (create, update, delete and batch are the
 * generic ones with the product's hooks, product-hooks.ts). The generic list leaves the recycle bin out (the schema's `deleteStatus` filter defaults to 0; `deleteStatus=1` shows the bin).
 */
export const productRoutes: Domain = (routes, { crud }) => {
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
      const query = { keyword: req.query.keyword, pageSize: SIMPLE_LIST_MAX };
      return ok((await listPage(crud, rt, query, req.user)).list);
    },
  });

  routes.add({
    method: actions.product.updateInfo.method,
    url: actions.product.updateInfo.url,
    schema: { params, response: composite },
    handler: async (req) => ok(await productComposite(crud, idOf(req), req.user)),
  });
};
