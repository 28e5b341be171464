import type { Domain } from '../../context.js';
import { accountRoutes } from './account-routes.js';
import { sessionRoutes } from './session-routes.js';
import { superAdminRemains } from './service.js';
import { rulesOf } from '../../core/crud.js';
import { tables } from '../../../../generated/database.js';

export const adminDomain: Domain = (routes, ctx) => {
  rulesOf(ctx.db).addInvariant([tables.admin, tables.adminRoleRelation, tables.role], superAdminRemains);
  sessionRoutes(routes, ctx);
  accountRoutes(routes, ctx);
};
