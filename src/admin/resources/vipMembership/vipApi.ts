import { api } from '../../providers/http';
import type { VipMembership } from '../../../../generated/types';
import { enumKey } from '../../kit/enumChoices';

type Plan = VipMembership['plan'];

export interface VipPlan {
  id: Plan;
  months: number;
  price: number;
  listPrice: number;
  currency?: string;
}

/** The VIP calls of our server (spec §9): plans, the caller's active membership (or null), trial grants. Plans are the
 * server's price list, not an entity; a membership is the generated vipMembership type. */
export const vipPlans = () => api<VipPlan[]>('/vip/plans');
export const vipStatus = () => api<VipMembership | null>('/vip/status');
export const grantVip = (adminId: number, plan: Plan) =>
  api<VipMembership>('/vip/grant', { method: 'POST', json: { adminId, plan } });

/** The i18n key naming a plan: the vipMembership schema's enum label. */
export const planLabel = (id: string) => enumKey('vipMembership', 'plan', id);
