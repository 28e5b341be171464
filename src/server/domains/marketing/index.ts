import { actions } from '../../../../generated/actions.js';
import { sql } from 'kysely';
import { tables } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import {
  arraySchema,
  envelopeSchema,
  findRecord,
  listPage,
  listQuerySchema,
  nullable,
  pageSchema,
  runtime,
  withProperties,
} from '../../core/crud.js';
import { crudPath } from '../../../shared/crud-paths.js';
import { ok, validationFailed } from '../../core/envelope.js';
import { idSchema, querySchema } from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { FlashSessionStatus } from '../../../../generated/enums.js';

/**
 * Flash sales beyond the generic layer: `GET /flashSession/selectList?flashPromotionId=` — the enabled sessions with
 * the number of products the promotion sells in each (upstream's SmsFlashPromotionSessionDetail); and the list of a
 * session's products with each one's product nested (upstream's SmsFlashPromotionProduct).
 */
export const marketingDomain: Domain = (routes, { db, crud }) => {
  const session = runtime('flashSession');
  const flash = runtime('flash');
  const relation = runtime('flashProductRelation');
  const product = runtime('product');

  // mall-admin-web's flash product page renders `row.product.name`, `.productSn`, `.price`, `.stock`. A read: the
  // generic list's page, each row with its product as the caller may see it (null when it may not).
  routes.add({
    replaces: true,
    method: 'GET',
    url: crudPath(relation.meta.path, 'list'),
    schema: {
      querystring: listQuerySchema(relation.meta),
      response: envelopeSchema(
        pageSchema(withProperties(relation.recordSchema, { product: nullable(product.recordSchema) })),
      ),
    },
    handler: async (req) => {
      const page = await listPage(crud, relation, req.query, req.user);
      const ids = [...new Set(page.list.map((r) => Number(r.productId)))];
      const products = ids.length ? (await listPage(crud, product, { ids }, req.user)).list : [];
      const byId = new Map(products.map((p) => [Number(p.id), p]));
      return ok({ ...page, list: page.list.map((r) => ({ ...r, product: byId.get(Number(r.productId)) ?? null })) });
    },
  });

  routes.add({
    method: actions.flashSession.selectList.method,
    url: actions.flashSession.selectList.url,
    schema: {
      querystring: querySchema(['flashPromotionId'], { flashPromotionId: idSchema }, ['flashPromotionId']),
      response: envelopeSchema(
        arraySchema(withProperties(session.recordSchema, { productCount: { type: 'integer' } })),
      ),
    },
    handler: async (req) => {
      const id = req.query.flashPromotionId;
      // The promotion must be one the caller sees (a seller's own shops).
      if (!(await findRecord(crud, flash, id, req.user)))
        throw validationFailed({ flashPromotionId: Messages.doesNotExist });
      const rows = await db.kysely
        .selectFrom(`${tables.flashSession} as s`)
        .leftJoin(`${tables.flashProductRelation} as r`, (j) =>
          j.onRef('r.flash_promotion_session_id', '=', 's.id').on('r.flash_promotion_id', '=', id),
        )
        .select(session.selectList.map((c) => `s.${c}`) as never[])
        .select(sql<number>`count(r.id)`.as('productCount'))
        .where('s.status', '=', FlashSessionStatus.enabled)
        .groupBy(session.meta.fields.map((f) => `s.${f.column}`) as never[])
        .orderBy('s.start_time')
        .execute();
      return ok(rows.map((r) => ({ ...r, productCount: Number(r.productCount) })));
    },
  });
};
