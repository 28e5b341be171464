import { actions } from '../../../../generated/actions.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  rulesOf,
  envelopeSchema,
  idOf,
  paramsSchema,
  querySchema,
  idSchema,
  idsSchema,
  runtime,
  updateRecord,
  withParametersBody,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { accountHooks } from './account-hooks.js';
import { rolesOfAdmin } from './service.js';

/** Admin account calls the generic layer does not cover: roles. */
export const accountRoutes: Domain = (routes, { db }) => {
  rulesOf(db).on('admin', accountHooks);
  const rt = runtime('admin');
  const params = paramsSchema(['id']);
  const count = envelopeSchema(countSchema);

  routes.add({
    method: actions.admin.roles.method,
    url: actions.admin.roles.url,
    schema: { params, response: envelopeSchema(arraySchema(runtime('role').recordSchema)) },
    handler: async (req) => ok(await rolesOfAdmin(db, idOf(req))),
  });

  routes.add({
    method: actions.admin.updateRoles.method,
    url: actions.admin.updateRoles.url,
    schema: withParametersBody({
      querystring: querySchema(['adminId', 'roleIds'], { adminId: idSchema, roleIds: idsSchema }, ['adminId']),
      response: count,
    }),
    handler: async (req) => {
      const { adminId, roleIds = [] } = req.query;
      await updateRecord(db, rt, adminId, {}, req.user, { action: 'updateRoles', params: { roleIds } });
      return ok(roleIds.length);
    },
  });
};
