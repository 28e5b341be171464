import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  batchUpdate,
  countSchema,
  createRecord,
  envelopeSchema,
  findRecord,
  listPage,
  listQuerySchema,
  MAX_PAGE_SIZE,
  newRecordShop,
  querySchema,
  runtime,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';

const AUTO_APPROVAL = 0;
const APPROVED = 1;
const PENDING = 0;
const DECISIONS = [1, 2]; // approved, rejected

/**
 * Members of a shop (tenant `shopId`). A new member is an application to its shop: approved at once when the shop
 * approves automatically, pending when it approves by hand; the seller then approves or rejects
 * (`POST /member/update/applyStatus?ids=1,2&applyStatus=1|2`, only its own shops' members).
 */
export const memberDomain: Domain = (routes, { db, crud }) => {
  const member = runtime('member');
  const level = runtime('memberLevel');

  // Upstream answers `GET /memberLevel/list?defaultStatus=` with a plain list (mall-admin-web reads `data` as an array).
  routes.add({
    replaces: true,
    method: 'GET',
    url: '/memberLevel/list',
    schema: { querystring: listQuerySchema(level.meta), response: envelopeSchema(arraySchema(level.recordSchema)) },
    handler: async (req) => {
      const query = { ...(req.query as Row), pageNum: 1, pageSize: MAX_PAGE_SIZE };
      return ok((await listPage(crud, level, query, req.user)).list);
    },
  });

  routes.add({
    replaces: true,
    method: 'POST',
    url: '/member/create',
    schema: { response: envelopeSchema(member.recordSchema) },
    handler: async (req) => {
      const body = { ...((req.body ?? {}) as Row) };
      body.shopId = await newRecordShop(db, member, req.user, body);
      const shop = await findRecord(crud, runtime('shop'), Number(body.shopId)); // exists: checked just above
      body.applyStatus = Number(shop?.approvalMode) === AUTO_APPROVAL ? APPROVED : PENDING;
      return ok(await createRecord(db, member, body, req.user));
    },
  });

  routes.add({
    method: 'POST',
    url: '/member/update/applyStatus',
    schema: {
      querystring: querySchema(
        ['ids', 'applyStatus'],
        { applyStatus: { type: 'integer', enum: DECISIONS, errorMessage: 'must be 1 (approve) or 2 (reject)' } },
        ['ids', 'applyStatus'],
      ),
      response: envelopeSchema(countSchema),
    },
    handler: async (req) => {
      const q = req.query as { ids: number[]; applyStatus: number };
      return ok(await batchUpdate(db, member, 'applyStatus', q.ids, q.applyStatus, req.user));
    },
  });
};
