import { actions } from '../../../../generated/actions.js';
import { tables } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  countSchema,
  envelopeSchema,
  rulesOf,
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
  updateRecord,
  type EntityHooks,
  type EntityRuntime,
  withParametersBody,
  itemId,
} from '../../core/crud.js';
import { idList, isKeyOf } from '../../core/narrow.js';
import type { Domain } from '../../context.js';

/** The join tables of a role's menus and resources, each replaced by a declared action of the role. */
const LINKS = {
  allocMenu: { table: tables.roleMenuRelation, column: 'menu_id' },
  allocResource: { table: tables.roleResourceRelation, column: 'resource_id' },
} as const;
type LinkAction = keyof typeof LINKS;

/** `allocMenu` and `allocResource` replace the role's links to the ids named (`w.params.ids`). */
const roleHooks: EntityHooks = {
  tables: Object.values(LINKS).map((l) => l.table),
  async afterWrite(w, trx) {
    if (w.op !== 'update' || !isKeyOf(LINKS, w.action)) return;
    const { table, column } = LINKS[w.action];
    await replaceRelations(trx, table, 'role_id', itemId(w.items[0]), column, idList(w.params?.ids, `${w.action} ids`));
  },
};

/** Upstream role calls beyond the generic layer: status, menus and resources of a role. */
export const roleRoutes: Domain = (routes, { db, crud }) => {
  rulesOf(db).on('role', roleHooks);
  const role = runtime('role');
  const params = paramsSchema(['id']);
  /** GET /role/list<Kind>/{roleId} and POST /role/alloc<Kind> (roleId, <kind>Ids) for one join table. */
  const linked = (kind: 'Menu' | 'Resource', target: EntityRuntime, idsParam: string) => {
    const action: LinkAction = `alloc${kind}`;
    const { table, column } = LINKS[action];
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
        const { roleId, [idsParam]: given } = req.query;
        // The ids parameter's name is a string here, so its type is any parameter's: the edge made it a list.
        const ids = Array.isArray(given) ? given : [];
        await updateRecord(db, role, roleId, {}, req.user, { action, params: { ids } });
        return ok(ids.length);
      },
    });
  };
  linked('Menu', runtime('menu'), 'menuIds');
  linked('Resource', runtime('resource'), 'resourceIds');
};
