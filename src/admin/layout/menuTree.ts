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

const isHidden = (node: MenuNode, grant: GrantedMenu) =>
  grant.hidden === undefined || grant.hidden === null ? !!node.hidden : !!Number(grant.hidden);

const bySortDesc = (sorts: Map<string, number>) => (a: MenuNode, b: MenuNode) =>
  (sorts.get(b.name) ?? 0) - (sorts.get(a.name) ?? 0);

const leaf = (node: MenuNode, linkOf: (node: MenuNode) => string): SidebarEntry => ({
  name: node.name,
  title: node.title,
  icon: node.icon,
  path: linkOf(node),
  external: /^https?:/i.test(node.path),
  children: [],
});

/**
 * The sidebar (spec §2): only menus the server granted and the route table knows, sorted by `sort` descending
 * (the server's sort wins: admins edit it), hidden ones left out, a parent with one visible child shown as that child.
 */
export const buildMenuTree = (
  groups: MenuNode[],
  granted: GrantedMenu[],
  linkOf: (node: MenuNode) => string,
): SidebarEntry[] => {
  const grants = new Map(granted.map((g) => [g.name, g]));
  const sorts = new Map<string, number>();
  for (const node of groups.flatMap((g) => [g, ...(g.children ?? [])])) {
    sorts.set(node.name, Number(grants.get(node.name)?.sort ?? node.sort ?? 0));
  }
  const visible = (node: MenuNode) => {
    const grant = grants.get(node.name);
    return !!grant && !isHidden(node, grant);
  };
  return groups
    .filter(visible)
    .sort(bySortDesc(sorts))
    .flatMap((group): SidebarEntry[] => {
      const children = (group.children ?? []).filter(visible).sort(bySortDesc(sorts));
      if (children.length === 0) return [];
      if (children.length === 1) return [leaf(children[0], linkOf)];
      return [{ name: group.name, title: group.title, icon: group.icon, external: false, children: children.map((c) => leaf(c, linkOf)) }];
    });
};
