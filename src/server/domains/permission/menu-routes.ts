import { columns } from '../../../../generated/database.js';
import { ok } from '../../core/envelope.js';
import { envelopeSchema, eqCond, fieldByIdAction, listAll, listPage, runtime } from '../../core/crud.js';
import { input, parseId } from '../../core/params.js';
import type { Row } from '../../core/db.js';
import type { Domain } from '../../context.js';

/** Upstream menu calls beyond the generic layer: children of a parent, the whole tree, the hidden switch. */
export const menuRoutes: Domain = (routes, { crud }) => {
  const menu = runtime('menu');

  routes.add({
    method: 'GET', url: '/menu/list/:parentId',
    handler: async (req) => {
      const raw = (req.params as { parentId: string }).parentId;
      const parentId = raw === '0' ? 0 : parseId(raw, 'parentId');
      return ok(await listPage(crud, menu, input(req), req.user, [eqCond('parent', columns.menu.parentId, parentId)]));
    },
  });

  routes.add({
    method: 'GET', url: '/menu/treeList',
    handler: async (req) => ok(toTree(await listAll(crud, menu, req.user))),
  });

  const hidden = fieldByIdAction(crud, menu, 'hidden');
  routes.add({ method: 'POST', url: '/menu/updateHidden/:id', handler: hidden.handler, schema: { response: envelopeSchema(hidden.schema) } });
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
