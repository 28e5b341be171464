import { actions } from '../../../../generated/actions.js';
import { columns, tables } from '../../../../generated/database.js';
import { validationFailed, ok } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  envelopeSchema,
  eqCond,
  getRecord,
  likeOp,
  likePattern,
  paramsSchema,
  querySchema,
  runtime,
  selectRecords,
  writeTx,
  routeCheckedBody,
} from '../../core/crud.js';

import { q } from '../../core/db.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';
import { attributesOfType } from './product-lists.js';
import { refreshProductStock } from './counts.js';
import { checkSkus, saveSkus } from './skus.js';
import { ProductAttributeType } from '../../../../generated/enums.js';

const SKU_LIST_MAX = 1000;

/** `GET /sku/{pid}?keyword=` (SKU code contains) and `POST /sku/update/{pid}` (JSON list) for one product. */
export const skuRoutes: Domain = (routes, { db, crud }) => {
  const sku = runtime('skuStock');
  const product = runtime('product');
  const pidOf = (req: { params: unknown }) => (req.params as { pid: number }).pid;
  const params = paramsSchema(['pid']);

  routes.add({
    method: actions.skuStock.ofProduct.method,
    url: actions.skuStock.ofProduct.url,
    schema: {
      params,
      querystring: querySchema(['keyword'], { keyword: { type: 'string' } }),
      response: envelopeSchema(arraySchema(sku.recordSchema)),
    },
    handler: async (req) => {
      const pid = pidOf(req);
      await getRecord(crud, product, pid, req.user); // tenancy: the caller's products only
      const conds = [eqCond('product', columns.skuStock.productId, pid)];
      const { keyword } = req.query as { keyword?: string };
      if (keyword) {
        conds.push({
          key: 'code~',
          sql: `${q(columns.skuStock.skuCode)} ${likeOp(db.dialect)} ? ESCAPE '\\'`,
          params: [likePattern(keyword)],
        });
      }
      return ok(await selectRecords(crud, sku, conds, '"id" ASC', SKU_LIST_MAX));
    },
  });

  // Updates SKUs of that product (by id) and adds those without an id; never touches another product's SKUs.
  routes.add({
    method: actions.skuStock.updateOfProduct.method,
    url: actions.skuStock.updateOfProduct.url,
    // Each SKU is checked against the product's spec attributes and the SKU schema (skus.ts), after the tenancy check.
    schema: {
      params,
      body: routeCheckedBody({
        type: 'array',
        items: { type: 'object' },
        description: 'the SKUs; with an id: updated',
      }),
      response: envelopeSchema(countSchema),
    },
    handler: async (req) => {
      const pid = pidOf(req);
      const p = await getRecord(crud, product, pid, req.user);
      if (!Array.isArray(req.body)) throw validationFailed({ body: 'must be a list of SKUs' });
      const specNames = (await attributesOfType(db, p.productAttributeCategoryId))
        .filter((a) => a.type === ProductAttributeType.spec)
        .map((a) => a.name);
      const items = checkSkus(req.body as Row[], specNames, 'body');
      await writeTx(db, [tables.skuStock, tables.product], async (trx) => {
        await saveSkus(trx, db.dialect, pid, p.shopId, items, 'body');
        await refreshProductStock(trx, [pid]); // the product's stock follows its SKUs
      });
      return ok(items.length);
    },
  });
};
