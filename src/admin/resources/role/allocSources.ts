import { callAction } from '../../providers/actions';
import { leafKeys, reachedKeys, type CheckNode } from './checkTree';
import { seedText } from '../../i18n/seedText';

type Translate = (key: string, options?: Record<string, unknown>) => string;

interface MenuNode {
  id: number;
  name: string;
  title: string;
  children?: MenuNode[];
}
interface Named {
  id: number;
  name: string;
  categoryId?: number | null;
}

const ids = (keys: string[], prefix: string) =>
  keys.filter((k) => k.startsWith(prefix)).map((k) => Number(k.slice(prefix.length)));

/** Menus: the menu tree (`menu` action `treeList`); a granted child grants its parent too (the sidebar group). */
export const menuSource = (translate: Translate) => (roleId: number) => {
  const toNode = (m: MenuNode): CheckNode => ({
    key: `m${m.id}`,
    label: translate(`menu.${m.name}`, { _: seedText(m.title, 'menu') }),
    children: m.children?.map(toNode),
  });
  return {
    load: async () => {
      const [tree, granted] = await Promise.all([
        callAction<MenuNode[]>('menu', 'treeList'),
        callAction<Named[]>('role', 'listMenu', { id: roleId }),
      ]);
      const nodes = tree.map(toNode);
      return {
        nodes,
        checked: leafKeys(
          nodes,
          granted.map((m) => `m${m.id}`),
        ),
      };
    },
    save: (nodes: CheckNode[], checked: ReadonlySet<string>) =>
      callAction('role', 'allocMenu', { query: { roleId, menuIds: ids(reachedKeys(nodes, checked), 'm') } }),
  };
};

/** Resources grouped by resource category (a category box checks all of its resources). */
export const resourceSource = (translate: Translate) => (roleId: number) => ({
  load: async () => {
    const [categories, resources, granted] = await Promise.all([
      callAction<Named[]>('resourceCategory', 'listAll'),
      callAction<Named[]>('resource', 'listAll'),
      callAction<Named[]>('role', 'listResource', { id: roleId }),
    ]);
    const inCategory = (id: number | null) =>
      resources
        .filter((r) => (r.categoryId ?? null) === id)
        .map((r) => ({ key: `r${r.id}`, label: seedText(r.name, 'resource') }));
    const groups = categories.map((c) => ({
      key: `c${c.id}`,
      label: seedText(c.name, 'resourceCategory'),
      children: inCategory(c.id),
    }));
    const loose = resources.filter((r) => !categories.some((c) => c.id === r.categoryId));
    if (loose.length)
      groups.push({
        key: 'c0',
        label: translate('app.access.alloc.uncategorized'),
        children: loose.map((r) => ({ key: `r${r.id}`, label: seedText(r.name, 'resource') })),
      });
    const nodes = groups.filter((g) => g.children.length);
    return {
      nodes,
      checked: leafKeys(
        nodes,
        granted.map((r) => `r${r.id}`),
      ),
    };
  },
  save: (nodes: CheckNode[], checked: ReadonlySet<string>) =>
    callAction('role', 'allocResource', { query: { roleId, resourceIds: ids(reachedKeys(nodes, checked), 'r') } }),
});
