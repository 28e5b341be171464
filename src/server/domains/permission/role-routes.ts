import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  envelopeSchema,
  getRecord,
  idOf,
  inCond,
  linkedIds,
  paramsSchema,
  querySchema,
  idSchema,
  idsSchema,
  replaceRelations,
  runtime,
  selectRecords,
  writeTx,
  type ColumnOf,
  type EntityRuntime,
  withParametersBody,
} from '../../core/crud.js';
import type { Domain } from '../../context.js';

/** The join tables of a role's menus and resources. */
type RoleLink = typeof tables.roleMenuRelation | typeof tables.roleResourceRelation;

/** Upstream role calls beyond the generic layer: status, menus and resources of a role. */
export const roleRoutes: Domain = (routes, { db, crud }) => {
  const role = runtime('role');
  const params = paramsSchema(['id']);
  /** GET /role/list<Kind>/{roleId} and POST /role/alloc<Kind> (roleId, <kind>Ids) for one join table. */
  const linked = (
    kind: 'Menu' | 'Resource',
    target: EntityRuntime,
    table: RoleLink,
    column: ColumnOf<RoleLink>,
    idsParam: string,
  ) => {
    routes.add({
      method: actions.role[`list${kind}`].method,
      url: actions.role[`list${kind}`].url,
      schema: { params, response: envelopeSchema(arraySchema(target.recordSchema)) },
      handler: async (req) => {
        const ids = await linkedIds(db.kysely, table, 'role_id', idOf(req), column);
        const conds = [inCond('ids', 'id', ids, 'integer', db.dialect)];
        return ok(ids.length ? await selectRecords(crud, target, conds, '"id" ASC', ids.length) : []);
      },
    });
    routes.add({
      method: actions.role[`alloc${kind}`].method,
      url: actions.role[`alloc${kind}`].url,
      schema: withParametersBody({
        querystring: querySchema(['roleId', idsParam], { roleId: idSchema, [idsParam]: idsSchema }, ['roleId']),
        response: envelopeSchema(countSchema),
      }),
      handler: async (req) => {
        const q = req.query as Record<string, number[] | undefined> & { roleId: number };
        const { roleId } = q;
        const ids = q[idsParam] ?? [];
        await getRecord(crud, role, roleId);
        await writeTx(db, [table], (trx) => replaceRelations(trx, table, 'role_id', roleId, column, ids));
        return ok(ids.length);
      },
    });
  };
  linked('Menu', runtime('menu'), tables.roleMenuRelation, 'menu_id', 'menuIds');
  linked('Resource', runtime('resource'), tables.roleResourceRelation, 'resource_id', 'resourceIds');
};
