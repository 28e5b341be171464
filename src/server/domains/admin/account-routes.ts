import { tables } from '../../../../generated/database.js';
import { notFound, ok } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  deleteRecords,
  envelopeSchema,
  expectedVersion,
  getRecord,
  idOf,
  paramsSchema,
  querySchema,
  idSchema,
  idsSchema,
  replaceRelations,
  runtime,
  tidyText,
  visibleText,
  updateRecord,
  writeTx,
  type AfterDelete,
} from '../../core/crud.js';
import { input, parseIds } from '../../core/params.js';
import type { Domain } from '../../context.js';
import { assertUsernameFree, endSessions, recountRoles, rolesOfAdmin } from './service.js';

/** Admin account calls the generic layer does not cover: update with username check, status, roles. */
export const accountRoutes: Domain = (routes, { db, crud }) => {
  const rt = runtime('admin');
  const params = paramsSchema(['id']);
  const count = envelopeSchema(countSchema);

  routes.add({
    method: 'POST',
    url: '/admin/update/:id',
    schema: { params, response: envelopeSchema(rt.recordSchema) },
    handler: async (req) => {
      const id = idOf(req);
      const body = { ...((req.body ?? {}) as Record<string, unknown>) };
      // A name with nothing visible is left to the validator, which refuses it as required.
      if (typeof body.username === 'string' && visibleText(body.username)) {
        body.username = tidyText(body.username);
        await assertUsernameFree(db.kysely, body.username as string, id);
      }
      return ok(await updateRecord(db, rt, id, body, req.user, undefined, expectedVersion(rt, req)));
    },
  });

  // Deleting accounts drops their role relations (cascade): the roles' user counts follow, in the same transaction.
  const recount: AfterDelete = { tables: [tables.role], run: (trx) => recountRoles(trx) };
  routes.add({
    replaces: true,
    method: 'POST',
    url: '/admin/delete/:id',
    schema: { params, response: count },
    handler: async (req) => {
      const n = await deleteRecords(db, rt, [idOf(req)], req.user, recount);
      if (!n) throw notFound();
      return ok(n);
    },
  });
  for (const url of ['/admin/delete', '/admin/delete/batch']) {
    routes.add({
      replaces: true,
      method: 'POST',
      url,
      schema: { querystring: querySchema(['ids']), response: count },
      handler: async (req) => ok(await deleteRecords(db, rt, parseIds(input(req).ids), req.user, recount)),
    });
  }

  routes.add({
    method: 'GET',
    url: '/admin/role/:id',
    schema: { params, response: envelopeSchema(arraySchema(runtime('role').recordSchema)) },
    handler: async (req) => ok(await rolesOfAdmin(db, idOf(req))),
  });

  routes.add({
    method: 'POST',
    url: '/admin/role/update',
    schema: {
      querystring: querySchema(['adminId', 'roleIds'], { adminId: idSchema, roleIds: idsSchema }, ['adminId']),
      response: count,
    },
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
