import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('roles, menus and resources on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const call = (method: string, path: string, body?: unknown, opts: Parameters<TestServer['api']>[3] = {}) =>
    s.api(method, path, body, { token, ...opts });

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  const roleId = async (name: string) =>
    ((await call('GET', '/role/listAll')).data as { id: number; name: string }[]).find((r) => r.name === name)!.id;

  it('lists roles with admin counts', async () => {
    const roles = (await call('GET', '/role/list', undefined, { query: { pageSize: 10 } })).data.list;
    expect(roles.map((r: { name: string }) => r.name).sort()).toEqual(['Operator', 'Seller', 'Super admin']);
    const counts = Object.fromEntries(roles.map((r: { name: string; adminCount: number }) => [r.name, r.adminCount]));
    expect(counts).toEqual({ 'Super admin': 1, Seller: 2, Operator: 1 });
  });

  it('reads and allocates menus and resources of a role; access follows at once', async () => {
    const operator = await roleId('Operator');
    const menus = (await call('GET', `/role/listMenu/${operator}`)).data as { id: number; name: string }[];
    expect(menus.map((m) => m.name)).toEqual(expect.arrayContaining(['pms', 'brand', 'sms']));
    const resources = (await call('GET', `/role/listResource/${operator}`)).data as { id: number; url: string }[];
    expect(resources.map((r) => r.url)).toContain('/brand/**');

    const opToken = await s.login('operator', 'operator123');
    expect((await s.api('GET', '/brand/list', undefined, { token: opToken })).code).toBe(200);
    const kept = resources
      .filter((r) => r.url !== '/brand/**')
      .map((r) => r.id)
      .join(',');
    const alloc = await call('POST', '/role/allocResource', { roleId: operator, resourceIds: kept }, { form: true });
    expect(alloc).toMatchObject({ code: 200, data: resources.length - 1 });
    expect((await s.api('GET', '/brand/list', undefined, { token: opToken })).code).toBe(403);

    const oneMenu = menus.find((m) => m.name === 'brand')!.id;
    await call('POST', '/role/allocMenu', { roleId: operator, menuIds: String(oneMenu) }, { form: true });
    const info = await s.api('GET', '/admin/info', undefined, { token: opToken });
    expect(info.data.menus.map((m: { name: string }) => m.name)).toEqual(['brand']);
  });

  it('switches role status and menu hidden flags by id', async () => {
    const seller = await roleId('Seller');
    expect(await call('POST', `/role/updateStatus/${seller}`, undefined, { query: { status: 0 } })).toMatchObject({
      data: 1,
    });
    expect((await s.api('POST', '/admin/login', { username: 'seller', password: 'seller123' })).message).toBe(
      Messages.noRole,
    );
    await call('POST', `/role/updateStatus/${seller}`, undefined, { query: { status: 1 } });
    const menu = (await call('GET', '/menu/list/0', undefined, { query: { pageSize: 100 } })).data.list[0];
    expect(menu.level).toBe(0);
    expect(await call('POST', `/menu/updateHidden/${menu.id}`, undefined, { query: { hidden: 1 } })).toMatchObject({
      data: 1,
    });
    expect((await call('GET', `/menu/${menu.id}`)).data.hidden).toBe(1);
    expect((await call('POST', '/menu/updateHidden/999999', undefined, { query: { hidden: 1 } })).code).toBe(404);
  });

  it('answers the menu tree and children of a parent', async () => {
    const tree = (await call('GET', '/menu/treeList')).data as { name: string; children: { name: string }[] }[];
    const pms = tree.find((m) => m.name === 'pms')!;
    expect(pms.children.map((c) => c.name)).toEqual(expect.arrayContaining(['product', 'brand']));
    const pmsId = (tree.find((m) => m.name === 'pms') as unknown as { id: number }).id;
    const children = await call('GET', `/menu/list/${pmsId}`, undefined, { query: { pageSize: 100 } });
    expect(children.data.total).toBe(pms.children.length);
  });
});

describe.each(dialects)('what each demo role reaches on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['operator', 'operator123'],
    ])
      t[u] = await s.login(u, p);
  });
  afterAll(async () => s?.close());

  /** [method, path, seller, operator]: true = reached (not 403). */
  const MATRIX: [string, string, boolean, boolean][] = [
    ['GET', '/brand/list', true, true],
    ['GET', '/brand/1', true, true],
    ['POST', '/brand/create', false, true],
    ['POST', '/brand/update/1', false, true],
    ['GET', '/brand/delete/999', false, true], // a GET that deletes is a write
    ['POST', '/brand/update/showStatus', false, true],
    ['GET', '/productCategory/list/0', true, true],
    ['POST', '/productCategory/create', false, true],
    ['GET', '/productAttribute/category/list', true, true],
    ['GET', '/productAttribute/category/delete/999', false, true],
    ['POST', '/productAttribute/category/create', false, true],
    ['GET', '/memberLevel/list', true, false],
    ['POST', '/memberLevel/create', false, false],
    ['GET', '/product/list', true, true],
    ['GET', '/shop/list', true, false],
    ['GET', '/member/list', true, false],
    ['GET', '/admin/list', false, false],
    ['GET', '/role/list', false, false],
    ['GET', '/menu/treeList', false, false],
    ['GET', '/resource/listAll', false, false],
    ['GET', '/resourceCategory/listAll', false, false],
    ['GET', '/vip/list', false, false],
    ['GET', '/vip/status', true, true],
    ['GET', '/admin/info', true, true],
  ];

  it('gives the seller and the operator exactly their resources; the super admin everything', async () => {
    const wrong: string[] = [];
    for (const [method, path, seller, operator] of MATRIX) {
      for (const [who, reached] of [
        ['seller', seller],
        ['operator', operator],
        ['admin', true],
      ] as const) {
        const env = await s.api(method, path, method === 'POST' ? {} : undefined, { token: t[who] });
        if ((env.code !== 403) !== reached) wrong.push(`${who} ${method} ${path} → ${env.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('seeds a resource for every entity path and every resource in a category', async () => {
    const all = (await s.api('GET', '/resource/listAll', undefined, { token: t.admin })).data as {
      url: string;
      categoryId: number;
    }[];
    const urls = all.map((r) => r.url);
    for (const u of [
      '/shop/**',
      '/member/**',
      '/vip/**',
      '/memberLevel/**',
      '/product/**',
      '/sku/**',
      '/productCategory/**',
      '/productAttribute/**',
      '/brand/**',
      '/minio/**',
      'GET /brand/**',
      '/admin/**',
    ])
      expect(urls).toContain(u);
    expect(all.every((r) => r.categoryId > 0)).toBe(true);
  });

  it('answers every upstream /ums call', async () => {
    const call = (method: string, path: string, body?: unknown, opts: Parameters<TestServer['api']>[3] = {}) =>
      s.api(method, path, body, { token: t.admin, ...opts });
    const cats = (await call('GET', '/resourceCategory/listAll')).data as { id: number; name: string }[];
    const products = cats.find((c) => c.name === 'Products')!;
    const byCat = await call('GET', '/resource/list', undefined, { query: { categoryId: products.id, pageSize: 100 } });
    expect(byCat.data.list.every((r: { categoryId: number }) => r.categoryId === products.id)).toBe(true);
    const byUrl = await call('GET', '/resource/list', undefined, {
      query: { urlKeyword: 'brand', nameKeyword: 'Brand' },
    });
    expect(byUrl.data.list.map((r: { url: string }) => r.url)).toEqual(
      expect.arrayContaining(['/brand/**', 'GET /brand/**']),
    );

    const cat = (await call('POST', '/resourceCategory/create', { name: 'Reports', sort: 9 })).data;
    expect((await call('POST', `/resourceCategory/update/${cat.id}`, { name: 'Reporting' })).data.name).toBe(
      'Reporting',
    );
    const res = (await call('POST', '/resource/create', { name: 'Reports', url: '/report/**', categoryId: cat.id }))
      .data;
    expect((await call('GET', `/resource/${res.id}`)).data.url).toBe('/report/**');
    expect((await call('POST', `/resource/update/${res.id}`, { description: 'all reports' })).data.description).toBe(
      'all reports',
    );
    expect((await call('POST', `/resource/delete/${res.id}`)).data).toBe(1);
    expect((await call('POST', `/resourceCategory/delete/${cat.id}`)).data).toBe(1);

    const role = (await call('POST', '/role/create', { name: 'Auditor', description: 'reads', status: 1, sort: 0 }))
      .data;
    expect((await call('POST', `/role/update/${role.id}`, { description: 'reads all' })).data.description).toBe(
      'reads all',
    );
    expect((await call('GET', '/role/list', undefined, { query: { keyword: 'Audit' } })).data.list).toHaveLength(1);
    expect((await call('POST', '/role/delete', { ids: String(role.id) }, { form: true })).data).toBe(1);

    const menu = (
      await call('POST', '/menu/create', {
        parentId: 0,
        title: 'Reports',
        level: 0,
        sort: 1,
        name: 'reports',
        icon: 'x',
        hidden: 0,
      })
    ).data;
    expect((await call('POST', `/menu/update/${menu.id}`, { title: 'Reporting' })).data.title).toBe('Reporting');
    expect((await call('GET', `/menu/${menu.id}`)).data.name).toBe('reports');
    expect((await call('POST', `/menu/delete/${menu.id}`)).data).toBe(1);
  });
});
