import type { ServerMenu } from '../providers/session';
import type { GrantedMenu, MenuNode } from '../routes/types';

export interface SidebarEntry {
  name: string;
  title: MenuNode['title'];
  icon?: string;
  /** Where the entry leads (absent on a parent with several children). */
  path?: string;
  /** `http…` paths open in a new tab. */
  external: boolean;
  children: SidebarEntry[];
}

/** A granted menu row; the server's own fields place a link the route table does not know. */
export type Grant = GrantedMenu & Partial<Pick<ServerMenu, 'id' | 'parentId' | 'title' | 'icon'>>;

const HTTP = /^https?:/i;

const isHidden = (node: Pick<MenuNode, 'hidden'>, grant: GrantedMenu) =>
  grant.hidden === undefined || grant.hidden === null ? !!node.hidden : !!Number(grant.hidden);

const bySortDesc = (sorts: Map<string, number>) => (a: { name: string }, b: { name: string }) =>
  (sorts.get(b.name) ?? 0) - (sorts.get(a.name) ?? 0);

const leaf = (node: MenuNode, linkOf: (node: MenuNode) => string): SidebarEntry => ({
  name: node.name,
  title: node.title,
  icon: node.icon,
  path: linkOf(node),
  external: HTTP.test(node.path),
  children: [],
});

/**
 * A menu row made on the server whose name is a web address (ums_menu has no path column: the name stands for
 * the route, and an address is its own route). It opens in a new tab.
 */
const serverLink = (grant: Grant): MenuNode => ({
  name: grant.name,
  path: grant.name,
  title: { en: grant.title ?? grant.name, zh: grant.title ?? grant.name },
  icon: grant.icon || 'link',
  sort: grant.sort,
});

/**
 * The sidebar (spec §2): only menus the server granted and the route table knows (or web addresses), sorted by
 * `sort` descending (the server's sort wins: admins edit it), hidden ones left out, a parent with one visible child
 * shown as that child.
 */
export const buildMenuTree = (
  groups: MenuNode[],
  granted: Grant[],
  linkOf: (node: MenuNode) => string,
): SidebarEntry[] => {
  const grants = new Map(granted.map((g) => [g.name, g]));
  const known = new Set(groups.flatMap((g) => [g.name, ...(g.children ?? []).map((c) => c.name)]));
  const nameOfId = new Map(granted.filter((g) => g.id !== undefined).map((g) => [g.id, g.name]));
  const links = granted.filter((g) => HTTP.test(g.name) && !known.has(g.name));
  const linksUnder = (parent?: string) =>
    links.filter((l) => (l.parentId ? nameOfId.get(l.parentId) : undefined) === parent).map(serverLink);
  const withLinks = groups.map((g) => ({ ...g, children: [...(g.children ?? []), ...linksUnder(g.name)] }));
  // A link under no known group stands at the top level, ranked by its own sort among the groups.
  const loose = links.filter((l) => !withLinks.some((g) => g.children.some((c) => c.name === l.name))).map(serverLink);

  const sorts = new Map<string, number>();
  for (const node of [...withLinks.flatMap((g) => [g, ...g.children]), ...loose]) {
    sorts.set(node.name, Number(grants.get(node.name)?.sort ?? node.sort ?? 0));
  }
  const visible = (node: MenuNode) => {
    const grant = grants.get(node.name);
    return !!grant && !isHidden(node, grant);
  };
  return [...withLinks, ...loose]
    .filter(visible)
    .sort(bySortDesc(sorts))
    .flatMap((group): SidebarEntry[] => {
      if (loose.includes(group)) return [leaf(group, linkOf)];
      const children = (group.children ?? []).filter(visible).sort(bySortDesc(sorts));
      if (children.length === 0) return [];
      if (children.length === 1) return [leaf(children[0], linkOf)];
      return [
        {
          name: group.name,
          title: group.title,
          icon: group.icon,
          external: false,
          children: children.map((c) => leaf(c, linkOf)),
        },
      ];
    });
};
