import { Messages } from '../../../shared/messages.js';
import { forbidden, ok } from '../../core/envelope.js';
import {
  countSchema,
  envelopeSchema,
  querySchema,
  runtime,
  toRow,
  updateRows,
  validateBody,
  writeTx,
} from '../../core/crud.js';
import { flatten, input, parseIds, single } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { refreshProductCounts } from './counts.js';
import { refused } from './http.js';
import { PRODUCT_TABLES, refNames } from './product-save.js';
import { scopedProducts } from './product-scope.js';

/** Upstream batch param → product field (`recommendStatus` is stored as upstream's `recommandStatus`). */
const BATCH: Record<string, string> = {
  publishStatus: 'publishStatus',
  newStatus: 'newStatus',
  recommendStatus: 'recommandStatus',
  verifyStatus: 'verifyStatus',
  deleteStatus: 'deleteStatus',
  productCategoryId: 'productCategoryId',
};

const COUNTED = new Set(['deleteStatus', 'productCategoryId']);

/**
 * `POST /product/update/<param>?ids=1,2&<param>=v` (query or form): publish, new, recommend, verify (upstream also
 * sends `detail`, not kept), recycle bin / restore (deleteStatus 1 / 0) and transfer to category (productCategoryId,
 * category name copied). No ids → "Please select a record…", no value → "Please select a batch operation type",
 * both 404 with nothing changed. Only the caller's products change; counts follow. Answers the rows changed.
 */
export const productBatchRoutes: Domain = (routes, { db, crud }) => {
  const rt = runtime('product');
  for (const [param, field] of Object.entries(BATCH)) {
    routes.add({
      replaces: true,
      method: 'POST',
      url: `/product/update/${param}`,
      schema: { querystring: querySchema([...new Set(['ids', param, field])]), response: envelopeSchema(countSchema) },
      handler: async (req) => {
        const q = input(req);
        // Product review is the platform's: a seller cannot pass (or fail) its own products.
        if (field === 'verifyStatus' && !req.user?.platform) throw forbidden();
        if (!flatten(q.ids).length) throw refused(Messages.selectRecord);
        const value = single(q[param] ?? q[field]);
        if (value === undefined || value === null || String(value).trim() === '')
          throw refused(Messages.selectBatchType);
        const ids = parseIds(q.ids);
        const data = validateBody(rt, { [field]: value }, 'update');
        if (field === 'productCategoryId') Object.assign(data, await refNames(db, { productCategoryId: data[field] }));
        const row = await toRow(rt, data, db.dialect, 'update', new Set(['productCategoryName']), req.user);
        const products = await scopedProducts(crud, ids, req.user);
        if (!products.length) return ok(0);
        return ok(
          await writeTx(db, PRODUCT_TABLES, async (trx) => {
            const changed = await updateRows(
              trx,
              rt.table,
              products.map((p) => Number(p.id)),
              row,
            );
            // Brand and category counts leave out the recycle bin: only these two switches can move them.
            if (COUNTED.has(field)) {
              await refreshProductCounts(
                trx,
                products.map((p) => p.brandId),
                [...products.map((p) => p.productCategoryId), data.productCategoryId],
              );
            }
            return changed;
          }),
        );
      },
    });
  }
};
