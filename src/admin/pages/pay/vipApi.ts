import { api } from '../../providers/http';

export interface VipPlan {
  id: string;
  months: number;
  price: number;
  listPrice: number;
  currency?: string;
}

export interface VipMembership {
  id: number;
  adminId: number;
  plan: string;
  startTime: string;
  endTime: string;
}

/** The VIP calls of our server (spec §9): plans, the caller's active membership (or null), trial grants. */
export const vipPlans = () => api<VipPlan[]>('/vip/plans');
export const vipStatus = () => api<VipMembership | null>('/vip/status');
export const grantVip = (adminId: number, plan: string) => api<VipMembership>('/vip/grant', { method: 'POST', json: { adminId, plan } });

export const planLabel = (id: string) => `enums.vipMembership.plan.${id}`;
