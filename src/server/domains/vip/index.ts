import { actions } from '../../../../generated/actions.js';
import { VIP_PLANS } from '../../../shared/constants.js';
import { Messages } from '../../../shared/messages.js';
import { failed, forbidden, ok } from '../../core/envelope.js';
import { get, present } from '../../core/lookup.js';
import {
  arraySchema,
  envelopeSchema,
  getRecord,
  rulesOf,
  nullable,
  nullSchema,
  querySchema,
  idSchema,
  runtime,
  parametersBody,
  withParametersBody,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { activeMembership, grantVip, vipHooks } from './service.js';

/**
 * VIP membership (spec §9): the six plans, the caller's status, and — the system being in trial, with no payment
 * usable — grants by platform admins. `GET /vip/list` and `GET /vip/{id}` are the generic routes.
 */
export const vipDomain: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('vipMembership', vipHooks);
  const membership = runtime('vipMembership');
  const num = { type: 'number' };
  const plan = {
    type: 'object',
    properties: { id: { type: 'string' }, months: num, price: num, listPrice: num, currency: { type: 'string' } },
  };

  routes.add({
    method: actions.vipMembership.plans.method,
    url: actions.vipMembership.plans.url,
    schema: { response: envelopeSchema(arraySchema(plan)) },
    handler: async () => ok(VIP_PLANS.map((p) => ({ ...p, currency: 'USD' }))),
  });

  routes.add({
    method: actions.vipMembership.status.method,
    url: actions.vipMembership.status.url,
    schema: { response: envelopeSchema(nullable(membership.recordSchema)) },
    handler: async (req) => ok((await activeMembership(db.kysely, db, req.user.id)) ?? null),
  });

  routes.add({
    method: actions.vipMembership.grant.method,
    url: actions.vipMembership.grant.url,
    schema: withParametersBody({
      querystring: querySchema(
        ['adminId', 'plan', 'note'],
        {
          adminId: idSchema,
          plan: { type: 'string', enum: VIP_PLANS.map((p) => p.id) },
          // The membership schema's rule.
          note: { type: 'string', maxLength: get(membership.field, 'note', 'vipMembership field').maxLength },
        },
        ['adminId', 'plan'],
      ),
      response: envelopeSchema(membership.recordSchema),
    }),
    handler: async (req) => {
      if (!req.user.platform) throw forbidden();
      const { adminId, note = '', ...q } = req.query;
      const plan = present(
        VIP_PLANS.find((p) => p.id === q.plan),
        `VIP plan ${q.plan}`,
      );
      await getRecord(crud, runtime('admin'), adminId);
      return ok(await grantVip(db, adminId, plan, req.user, note));
    },
  });

  routes.add({
    method: actions.vipMembership.pay.method,
    url: actions.vipMembership.pay.url,
    schema: { body: parametersBody(), response: envelopeSchema(nullSchema) },
    handler: async () => {
      throw failed(Messages.vipTrial);
    },
  });
};
