import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  batchUpdate,
  countSchema,
  envelopeSchema,
  rulesOf,
  listPage,
  listQuerySchema,
  MAX_PAGE_SIZE,
  newRecordShop,
  querySchema,
  runtime,
  type EntityHooks,
  withParametersBody,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { MemberApplyStatus, ShopApprovalMode } from '../../../../generated/enums.js';

const DECISIONS = [MemberApplyStatus.approved, MemberApplyStatus.rejected];

/** A new member is approved at once when its shop approves automatically, else pending (whatever the body says). */
const memberHooks: EntityHooks = {
  async beforeValidate(w, item) {
    if (w.op !== 'create' && w.op !== 'import') return;
    const body = { ...item.body };
    body.shopId = await newRecordShop(w.db, w.rt, w.user, body);
    const shop = await w.db.kysely
      .selectFrom(tables.shop)
      .select('approval_mode')
      .where('id', '=', Number(body.shopId)) // exists: checked just above
      .executeTakeFirst();
    body.applyStatus =
      Number(shop?.approval_mode) === ShopApprovalMode.automatic
        ? MemberApplyStatus.approved
        : MemberApplyStatus.pending;
    item.body = body;
  },
};

/**
 * Members of a shop (tenant `shopId`). A new member is an application to its shop: approved at once when the shop
 * approves automatically, pending when it approves by hand; the seller then approves or rejects
 * (`POST /member/update/applyStatus?ids=1,2&applyStatus=1|2`, only its own shops' members).
 */
export const memberDomain: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('member', memberHooks);
  const member = runtime('member');
  const level = runtime('memberLevel');

  // Upstream answers `GET /memberLevel/list?defaultStatus=` with a plain list (mall-admin-web reads `data` as an array).
  // A read: write hooks do not shape it, and `plainList` would still page when a client sends pageNum.
  routes.add({
    replaces: true,
    method: 'GET',
    url: '/memberLevel/list',
    schema: { querystring: listQuerySchema(level.meta), response: envelopeSchema(arraySchema(level.recordSchema)) },
    handler: async (req) => {
      const query = { ...req.query, pageNum: 1, pageSize: MAX_PAGE_SIZE };
      return ok((await listPage(crud, level, query, req.user)).list);
    },
  });

  routes.add({
    method: actions.member.applyStatus.method,
    url: actions.member.applyStatus.url,
    schema: withParametersBody({
      querystring: querySchema(
        ['ids', 'applyStatus'],
        { applyStatus: { type: 'integer', enum: DECISIONS, errorMessage: 'must be 1 (approve) or 2 (reject)' } },
        ['ids', 'applyStatus'],
      ),
      response: envelopeSchema(countSchema),
    }),
    handler: async (req) => {
      const q = req.query;
      return ok(await batchUpdate(db, member, 'applyStatus', q.ids, q.applyStatus, req.user));
    },
  });
};
