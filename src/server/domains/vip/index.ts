import { VIP_PLANS } from '../../../shared/constants.js';
import { lengthBetween, Messages } from '../../../shared/messages.js';
import { failed, forbidden, ok, validationFailed } from '../../core/envelope.js';
import {
  arraySchema,
  envelopeSchema,
  getRecord,
  nullable,
  nullSchema,
  querySchema,
  idSchema,
  runtime,
} from '../../core/crud.js';
import { input, parseId, single } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { activeMembership, grantVip } from './service.js';

/**
 * VIP membership (spec §9): the six plans, the caller's status, and — the system being in trial, with no payment
 * usable — grants by platform admins. `GET /vip/list` and `GET /vip/{id}` are the generic routes.
 */
export const vipDomain: Domain = (routes, { db, crud }) => {
  const membership = runtime('vipMembership');
  const num = { type: 'number' };
  const plan = {
    type: 'object',
    properties: { id: { type: 'string' }, months: num, price: num, listPrice: num, currency: { type: 'string' } },
  };

  routes.add({
    method: 'GET',
    url: '/vip/plans',
    schema: { response: envelopeSchema(arraySchema(plan)) },
    handler: async () => ok(VIP_PLANS.map((p) => ({ ...p, currency: 'USD' }))),
  });

  routes.add({
    method: 'GET',
    url: '/vip/status',
    schema: { response: envelopeSchema(nullable(membership.recordSchema)) },
    handler: async (req) => ok((await activeMembership(db.kysely, db, req.user!.id)) ?? null),
  });

  routes.add({
    method: 'POST',
    url: '/vip/grant',
    schema: {
      querystring: querySchema(['adminId', 'plan', 'note'], { adminId: idSchema }),
      response: envelopeSchema(membership.recordSchema),
    },
    handler: async (req) => {
      if (!req.user!.platform) throw forbidden();
      const q = input(req);
      const adminId = parseId(single(q.adminId), 'adminId');
      const plan = VIP_PLANS.find((p) => p.id === String(single(q.plan) ?? ''));
      if (!plan) throw validationFailed({ plan: `must be one of ${VIP_PLANS.map((p) => p.id).join(', ')}` });
      const note = String(single(q.note) ?? '');
      const { maxLength = Infinity } = membership.field.get('note')!; // the membership schema's rule
      if (note.length > maxLength) throw validationFailed({ note: lengthBetween(0, maxLength) });
      await getRecord(crud, runtime('admin'), adminId);
      return ok(await grantVip(db, adminId, plan, req.user!.id, note));
    },
  });

  routes.add({
    method: 'POST',
    url: '/vip/pay',
    schema: { response: envelopeSchema(nullSchema) },
    handler: async () => {
      throw failed(Messages.vipTrial);
    },
  });
};
