import type { Domain } from '../../context.js';
import { menuRoutes } from './menu-routes.js';
import { roleRoutes } from './role-routes.js';

export const permissionDomain: Domain = (routes, ctx) => {
  roleRoutes(routes, ctx);
  menuRoutes(routes, ctx);
};
