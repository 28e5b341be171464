/** The full menu tree: app-menus.json groups plus entity menus not already in it (appended to their group). */
import type { MenuDef, Model } from './model';

export function menuTree(model: Model): MenuDef[] {
  const groups: MenuDef[] = structuredClone(model.menuGroups);
  const known = new Set(groups.flatMap((g) => [g.name, ...(g.children ?? []).map((c) => c.name)]));
  for (const e of model.entities) {
    const x = model.raw[e.name]['x-admin'];
    if (!x.menu || known.has(x.menu) || !x.group) continue;
    const group = groups.find((g) => g.name === x.group)!;
    const base = group.path.split('/')[1];
    (group.children ??= []).push({
      name: x.menu,
      path: `/${base}/${x.menu}`,
      title: e.label,
      icon: e.icon,
      resource: e.name,
      view: 'list',
    });
  }
  return groups;
}
