/**
 * Who gets each entity (schemas/README.md, "Who gets a new entity"): per role of app-menus.json, `write` (its API and
 * menu), `read` (`GET` calls and menu) or `none`. By default a role whose menu groups hold the entity's screens
 * writes it — or only reads it when the role works in its own shops and the entity is platform-wide (no tenant);
 * `x-admin.access` says otherwise per role. The super admin gets everything and is not listed.
 */
import type { EntityMeta } from '../../src/shared/entity-meta';
import { menuTree } from './menus';
import type { AccessLevel, MenuDef, Model } from './model';

/** The menu tree of a model, made once (every entity's place is looked up in it). */
const trees = new WeakMap<Model, MenuDef[]>();
const treeOf = (model: Model) => trees.get(model) ?? trees.set(model, menuTree(model)).get(model)!;

/** The sidebar group holding an entity's screens, and the menus (ums_menu names) of those screens it shows. */
export function placeOf(model: Model, e: EntityMeta): { group?: string; menus: string[] } {
  for (const g of treeOf(model)) {
    const mine = (g.children ?? []).filter((c) => c.resource === e.name || (e.menu && c.name === e.menu));
    if (mine.length) return { group: g.name, menus: mine.filter((c) => !c.hidden).map((c) => c.name) };
  }
  return { menus: [] };
}

export function accessOf(model: Model, e: EntityMeta): Record<string, AccessLevel> {
  const { group } = placeOf(model, e);
  const stated = model.raw[e.name]['x-admin'].access ?? {};
  return Object.fromEntries(
    Object.entries(model.roles).map(([role, def]) => {
      const inGroup = !!group && def.groups.includes(group);
      const level: AccessLevel = !inGroup ? 'none' : e.tenant || def.shops === 'all' ? 'write' : 'read';
      return [role, stated[role] ?? level];
    }),
  );
}
