import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  hooks,
  envelopeSchema,
  getRecord,
  idOf,
  paramsSchema,
  querySchema,
  idSchema,
  idsSchema,
  replaceRelations,
  runtime,
  writeTx,
  type EntityHooks,
  withParametersBody,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';
import { assertUsernameFree, endSessions, recountRoles, rolesOfAdmin } from './service.js';

// A username is taken when another account has it or one that looks the same; deleting accounts drops their role
// relations (cascade): the roles' user counts follow, in the same transaction.
const accountHooks: EntityHooks = {
  tables: [tables.role],
  // Before the schema's own unique check, which would answer a plain "already exists" for the exact name.
  async beforeValidate(w, item) {
    const name = typeof item.body.username === 'string' ? item.body.username.trim() : '';
    if (w.op === 'update' && name) await assertUsernameFree(w.db.kysely, name, item.id);
  },
  async afterWrite(w, trx) {
    if (w.op === 'delete') await recountRoles(trx);
  },
};

/** Admin account calls the generic layer does not cover: roles. */
export const accountRoutes: Domain = (routes, { db, crud }) => {
  hooks.on('admin', accountHooks);
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
      const { adminId, roleIds = [] } = req.query as { adminId: number; roleIds?: number[] };
      await getRecord(crud, rt, adminId);
      return ok(
        await writeTx(db, [tables.adminRoleRelation, tables.role, tables.admin], async (trx) => {
          const before = await replaceRelations(trx, tables.adminRoleRelation, 'admin_id', adminId, 'role_id', roleIds);
          await recountRoles(trx, [...new Set([...before, ...roleIds])]);
          await endSessions(trx, [adminId]); // what the account may do changed: it logs in again
          return roleIds.length;
        }),
      );
    },
  });
};
