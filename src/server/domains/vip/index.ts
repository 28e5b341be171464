import { VIP_PLANS } from '../../../shared/constants.js';
import { lengthBetween, Messages } from '../../../shared/messages.js';
import { failed, forbidden, ok, validationFailed } from '../../core/envelope.js';
import { envelopeSchema, getRecord, runtime } from '../../core/crud.js';
import { input, parseId, single } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { activeMembership, grantVip } from './service.js';

/**
 * VIP membership (spec §9): the six plans, the caller's status, and — the system being in trial, with no payment
 * usable — grants by platform admins. `GET /vip/list` and `GET /vip/{id}` are the generic routes.
 */
export const vipDomain: Domain = (routes, { db, crud }) => {
  const membership = runtime('vipMembership');

  routes.add({
    method: 'GET', url: '/vip/plans',
    handler: async () => ok(VIP_PLANS.map((p) => ({ ...p, currency: 'USD' }))),
  });

  routes.add({
    method: 'GET', url: '/vip/status',
    handler: async (req) => ok((await activeMembership(db.kysely, db, req.user!.id)) ?? null),
  });

  routes.add({
    method: 'POST', url: '/vip/grant',
    schema: { response: envelopeSchema(membership.recordSchema) },
    handler: async (req) => {
      if (!req.user!.platform) throw forbidden();
      const q = input(req);
      const adminId = parseId(single(q.adminId), 'adminId');
      const plan = VIP_PLANS.find((p) => p.id === String(single(q.plan) ?? ''));
      if (!plan) throw validationFailed({ plan: `must be one of ${VIP_PLANS.map((p) => p.id).join(', ')}` });
      const note = String(single(q.note) ?? '');
      if (note.length > 500) throw validationFailed({ note: lengthBetween(0, 500) });
      await getRecord(crud, runtime('admin'), adminId);
      return ok(await grantVip(db, adminId, plan, req.user!.id, note));
    },
  });

  routes.add({
    method: 'POST', url: '/vip/pay',
    handler: async () => {
      throw failed(Messages.vipTrial);
    },
  });
};
