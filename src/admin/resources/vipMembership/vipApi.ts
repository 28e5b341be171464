import type { VipMembership } from '../../../../generated/types';
import { enumKey } from '../../kit/enumChoices';

/** One of the server's plans (`vipMembership` action `plans`): its price list, not an entity. */
export interface VipPlan {
  id: VipMembership['plan'];
  months: number;
  price: number;
  listPrice: number;
  currency?: string;
}

/** The caller's active membership (`vipMembership` action `status`), or null. */
export type VipState = VipMembership | null;

/** The i18n key naming a plan: the vipMembership schema's enum label. */
export const planLabel = (id: string) => enumKey('vipMembership', 'plan', id);
