import type { Domain } from '../../context.js';
import { orderRoutes } from './order-routes.js';
import { returnRoutes } from './return-routes.js';

/** Orders and returns on upstream's paths (/order, /returnApply, /companyAddress), their state machines enforced. */
export const orderDomain: Domain = (routes, ctx) => {
  orderRoutes(routes, ctx);
  returnRoutes(routes, ctx);
};
