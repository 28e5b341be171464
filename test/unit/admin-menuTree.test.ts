import { describe, expect, it } from 'vitest';
import { buildMenuTree } from '../../src/admin/layout/menuTree';
import type { MenuNode } from '../../src/admin/routes/types';

const t = (en: string) => ({ en, zh: en });
const groups: MenuNode[] = [
  {
    name: 'pms',
    path: '/pms',
    redirect: '/pms/product',
    title: t('Products'),
    icon: 'product',
    sort: 80,
    children: [
      { name: 'product', path: '/pms/product', title: t('Product list'), resource: 'product', view: 'list' },
      {
        name: 'updateProduct',
        path: '/pms/updateProduct',
        title: t('Edit'),
        hidden: true,
        resource: 'product',
        view: 'edit',
      },
      { name: 'brand', path: '/pms/brand', title: t('Brands'), resource: 'brand', view: 'list' },
    ],
  },
  {
    name: 'ums',
    path: '/ums',
    title: t('Permissions'),
    sort: 40,
    children: [
      { name: 'admin', path: '/ums/admin', title: t('Admins') },
      { name: 'docs', path: 'https://example.com/docs', title: t('Docs') },
    ],
  },
  {
    name: 'oms',
    path: '/oms',
    title: t('Orders'),
    sort: 70,
    children: [{ name: 'order', path: '/oms/order', title: t('Orders') }],
  },
];
const linkOf = (node: MenuNode) => (node.resource ? `/${node.resource}` : node.path);
const names = (entries: ReturnType<typeof buildMenuTree>) =>
  entries.map((e) => [e.name, e.children.map((c) => c.name)]);

describe('sidebar tree', () => {
  it('keeps only granted menus, sorted by the server sort, descending', () => {
    const tree = buildMenuTree(
      groups,
      [
        { name: 'pms', sort: 10 },
        { name: 'product', sort: 1 },
        { name: 'brand', sort: 5 },
        { name: 'ums', sort: 50 },
        { name: 'admin' },
        { name: 'docs' },
      ],
      linkOf,
    );
    expect(names(tree)).toEqual([
      ['ums', ['admin', 'docs']],
      ['pms', ['brand', 'product']],
    ]);
  });

  it('shows a parent with one visible child as that child, and drops hidden menus', () => {
    const tree = buildMenuTree(
      groups,
      [{ name: 'pms' }, { name: 'product' }, { name: 'updateProduct' }, { name: 'oms' }],
      linkOf,
    );
    expect(names(tree)).toEqual([['product', []]]);
    expect(tree[0]).toMatchObject({ path: '/product', external: false });
  });

  it('lets the server hide a menu and drops a group without visible children', () => {
    const tree = buildMenuTree(
      groups,
      [{ name: 'pms' }, { name: 'product', hidden: 1 }, { name: 'brand', hidden: 0 }],
      linkOf,
    );
    expect(names(tree)).toEqual([['brand', []]]);
  });

  it('marks http paths external and links resource menus to the resource path', () => {
    const tree = buildMenuTree(
      groups,
      [{ name: 'ums' }, { name: 'admin' }, { name: 'docs' }, { name: 'pms' }, { name: 'brand' }, { name: 'product' }],
      linkOf,
    );
    const ums = tree.find((e) => e.name === 'ums')!;
    expect(ums.children.find((c) => c.name === 'docs')).toMatchObject({
      external: true,
      path: 'https://example.com/docs',
    });
    expect(tree.find((e) => e.name === 'pms')!.children.map((c) => c.path)).toEqual(['/product', '/brand']);
  });

  it('shows server menus named by a web address, at the top or under their granted parent, as new-tab links', () => {
    const tree = buildMenuTree(
      groups,
      [
        { id: 1, name: 'ums', sort: 40 },
        { id: 2, name: 'admin' },
        { id: 3, name: 'docs' },
        { id: 9, parentId: 0, name: 'https://example.com/help', title: 'Help', sort: 60 },
        { id: 10, parentId: 1, name: 'http://example.com/wiki', title: 'Wiki', icon: 'link' },
        { id: 11, parentId: 0, name: 'https://example.com/gone', title: 'Gone', hidden: 1 },
      ],
      linkOf,
    );
    expect(names(tree)).toEqual([
      ['https://example.com/help', []],
      ['ums', ['admin', 'docs', 'http://example.com/wiki']],
    ]);
    expect(tree[0]).toMatchObject({
      external: true,
      path: 'https://example.com/help',
      title: { en: 'Help', zh: 'Help' },
    });
    expect(tree[1].children[2]).toMatchObject({ external: true, path: 'http://example.com/wiki' });
  });
});
