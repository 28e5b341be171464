/** generated/menus.ts: the sidebar tree (menuGroups) and the flat route table (routes). */
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
`,
  };
}
