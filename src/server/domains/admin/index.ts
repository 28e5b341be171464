import type { Domain } from '../../context.js';
import { accountRoutes } from './account-routes.js';
import { sessionRoutes } from './session-routes.js';

export const adminDomain: Domain = (routes, ctx) => {
  sessionRoutes(routes, ctx);
  accountRoutes(routes, ctx);
};
