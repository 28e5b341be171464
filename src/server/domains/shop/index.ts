import { Messages } from '../../../shared/messages.js';
import { failed } from '../../core/envelope.js';
import { rulesOf, type EntityHooks } from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { hasActiveVip } from '../vip/service.js';

/** Opening a shop is the VIP privilege: a seller without an active membership is refused; platform admins are not. */
const shopHooks: EntityHooks = {
  async beforeValidate(w) {
    if (w.op !== 'create' && w.op !== 'import') return;
    const user = w.user;
    if (user && !user.platform && !(await hasActiveVip(w.db, user.id))) throw failed(Messages.vipRequired);
  },
};

/**
 * Shops: the generic layer does the rest (tenant `id`: a seller reaches only its shops; `sellerId` stamped with the
 * caller; the PayPal secret masked on the way out and kept when sent back masked), with `shopHooks`.
 */
export const shopDomain: Domain = (_routes, { db }) => {
  rulesOf(db).on('shop', shopHooks);
};
