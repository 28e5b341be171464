/**
 * generated/menus.ts: the sidebar tree (menuGroups), the flat route table (routes), the roles of app-menus.json and
 * what each gets of each entity (entityAccess).
 */
import { accessOf } from '../access';
import type { Model } from '../model';
import { menuTree } from '../menus';
import { BANNER, literal } from '../print';

export function emitMenus(model: Model): Record<string, string> {
  const groups = menuTree(model);
  const routes = groups.flatMap((g) =>
    (g.children ?? []).map((c) => ({
      name: c.name,
      path: c.path,
      group: g.name,
      hidden: !!c.hidden,
      resource: c.resource,
      view: c.view,
      title: c.title,
    })),
  );
  const access = Object.fromEntries(model.entities.filter((e) => !e.internal).map((e) => [e.name, accessOf(model, e)]));
  return {
    'menus.ts': `${BANNER}export type MenuView = 'list' | 'create' | 'edit' | 'show';

export interface MenuDef {
  name: string;
  path: string;
  title: { en: string; zh: string };
  icon?: string;
  hidden?: boolean;
  resource?: string;
  view?: MenuView;
  sort?: number;
  redirect?: string;
  children?: MenuDef[];
}

export interface RouteDef {
  name: string;
  path: string;
  /** Name of the sidebar group (top-level menu) holding the route. */
  group: string;
  hidden: boolean;
  resource?: string;
  view?: MenuView;
  title: { en: string; zh: string };
}

export const menuGroups: MenuDef[] = ${literal(groups)};

export const routes: RouteDef[] = ${literal(routes)};

/** What a role may do with an entity: its API read and write (and its menu), only read, or nothing. */
export type AccessLevel = 'write' | 'read' | 'none';

/** The roles besides the super admin (who gets everything): their menu groups, and the shops they work in. */
export const roles: Record<string, { groups: string[]; shops: 'own' | 'all' }> = ${literal(model.roles)};

/** Entity → role → level, from the roles' groups and each schema's \`x-admin.access\`. */
export const entityAccess: Record<string, Record<string, AccessLevel>> = ${literal(access)};
`,
  };
}
