import { Messages } from '../../../shared/messages.js';
import { failed, ok } from '../../core/envelope.js';
import { createRecord, envelopeSchema, runtime } from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { hasActiveVip } from '../vip/service.js';

/**
 * Shops: the generic layer does the rest (tenant `id`: a seller reaches only its shops; `sellerId` stamped with the
 * caller; the PayPal secret masked on the way out and kept when sent back masked). Opening a shop is the VIP
 * privilege: a seller without an active membership is refused; platform admins are not.
 */
export const shopDomain: Domain = (routes, { db }) => {
  const shop = runtime('shop');
  routes.add({
    replaces: true,
    method: 'POST',
    url: '/shop/create',
    schema: { response: envelopeSchema(shop.recordSchema) },
    handler: async (req) => {
      const user = req.user!;
      if (!user.platform && !(await hasActiveVip(db, user.id))) throw failed(Messages.vipRequired);
      return ok(await createRecord(db, shop, req.body, user));
    },
  });
};
