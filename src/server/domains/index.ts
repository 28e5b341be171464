import type { Domain } from '../context.js';
import { adminDomain } from './admin/index.js';
import { balanceDomain } from './balance/index.js';
import { brandDomain } from './brand/index.js';
import { catalogDomain } from './catalog/index.js';
import { changesDomain } from './changes/index.js';
import { dashboardDomain } from './dashboard/index.js';
import { demoDomain } from './demo.js';
import { demoImagesDomain } from './demo-images/index.js';
import { jobsDomain } from './jobs/index.js';
import { marketingDomain } from './marketing/index.js';
import { memberDomain } from './member/index.js';
import { orderDomain } from './order/index.js';
import { permissionDomain } from './permission/index.js';
import { referralDomain } from './referral/index.js';
import { uploadDomain } from './upload/index.js';
import { shopDomain } from './shop/index.js';
import { vipDomain } from './vip/index.js';

/** Every domain, registered before the generic CRUD routes. Add new domains here. */
export const domains: Domain[] = [
  demoDomain,
  adminDomain,
  permissionDomain,
  brandDomain,
  catalogDomain,
  shopDomain,
  memberDomain,
  vipDomain,
  orderDomain,
  balanceDomain,
  dashboardDomain,
  marketingDomain,
  referralDomain,
  uploadDomain,
  demoImagesDomain,
  jobsDomain,
  changesDomain,
];
