import { actions } from '../../../../generated/actions.js';
import { columns } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import {
  arraySchema,
  envelopeSchema,
  eqCond,
  listAll,
  listPage,
  listQuerySchema,
  pageSchema,
  paramsSchema,
  parentIdSchema,
  runtime,
  withProperties,
} from '../../core/crud.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';

/** Upstream menu calls beyond the generic layer: children of a parent, the whole tree, the hidden switch. */
export const menuRoutes: Domain = (routes, { crud }) => {
  const menu = runtime('menu');
  // A node is a menu record with its children, nodes themselves.
  const node = withProperties(menu.recordSchema, { children: arraySchema({ $ref: '#/definitions/node' }) });

  routes.add({
    method: 'GET',
    url: '/menu/list/:parentId',
    schema: {
      params: paramsSchema(['parentId'], { parentId: parentIdSchema }),
      querystring: listQuerySchema(menu.meta),
      response: envelopeSchema(pageSchema(menu.recordSchema)),
    },
    handler: async (req) =>
      ok(
        await listPage(crud, menu, req.query, req.user, [eqCond('parent', columns.menu.parentId, req.params.parentId)]),
      ),
  });

  routes.add({
    method: actions.menu.treeList.method,
    url: actions.menu.treeList.url,
    schema: { response: envelopeSchema(arraySchema({ $ref: '#/definitions/node' }), { node }) },
    handler: async (req) => ok(toTree(await listAll(crud, menu, req.user))),
  });
};

/** Flat menu rows → upstream UmsMenuNode tree (`children` on every node). */
export function toTree(rows: Row[]): Row[] {
  const byParent = new Map<number, Row[]>();
  for (const r of rows) {
    const p = Number(r.parentId ?? 0);
    byParent.set(p, [...(byParent.get(p) ?? []), r]);
  }
  const build = (parent: number): Row[] =>
    (byParent.get(parent) ?? []).map((r) => ({ ...r, children: build(Number(r.id)) }));
  return build(0);
}
