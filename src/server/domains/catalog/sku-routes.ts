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
  updateRecord,
  rulesOf,
  routeCheckedBody,
  itemId,
  ItemNote,
  storedOf,
  type EntityHooks,
} from '../../core/crud.js';

import { q } from '../../core/db.js';
import type { Domain } from '../../context.js';
import { attributesOfType } from './product-lists.js';
import { checkSkus, saveSkus, type SkuInput } from './skus.js';
import { ProductAttributeType } from '../../../../generated/enums.js';

const SKU_LIST_MAX = 1000;

/**
 * `updateSkus`, a declared action of the product: its SKUs with an id updated, those without added, none of another
 * product touched. Each is checked against the product's spec attributes and the SKU schema (skus.ts) once the
 * pipeline found the product the caller's; they are saved before the product's own hooks count its stock.
 */
/** The SKUs sent, checked once the product was found the caller's. */
const checked = new ItemNote<SkuInput[]>('The checked SKUs');

const skuHooks: EntityHooks = {
  tables: [tables.skuStock],
  async afterValidate(w, item) {
    if (w.op !== 'update' || w.action !== 'updateSkus') return;
    const specNames = (await attributesOfType(w.db, storedOf(item).productAttributeCategoryId))
      .filter((a) => a.type === ProductAttributeType.spec)
      .map((a) => a.name);
    const skus = w.params?.skus;
    if (!Array.isArray(skus)) throw new Error('updateSkus without its list of SKUs');
    checked.set(item, checkSkus(skus, specNames, 'body'));
    item.childrenWritten = true;
  },
  async beforeWrite(w, trx) {
    if (w.op !== 'update' || w.action !== 'updateSkus') return;
    const [item] = w.items;
    await saveSkus(trx, w.db.dialect, itemId(item), storedOf(item).shopId, checked.get(item), 'body');
  },
};

/** `GET /sku/{pid}?keyword=` (SKU code contains) and `POST /sku/update/{pid}` (JSON list) for one product. */
export const skuRoutes: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('product', skuHooks);
  const sku = runtime('skuStock');
  const product = runtime('product');
  const pidOf = (req: { params: { pid: number } }) => req.params.pid;
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
      const { keyword } = req.query;
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
      const skus: unknown = req.body;
      if (!Array.isArray(skus)) throw validationFailed({ body: 'must be a list of SKUs' });
      await updateRecord(db, product, pidOf(req), {}, req.user, { action: 'updateSkus', params: { skus } });
      return ok(skus.length);
    },
  });
};
