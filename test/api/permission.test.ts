import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(roles.every((r: { adminCount: number }) => r.adminCount === 1)).toBe(true);
  });

  it('reads and allocates menus and resources of a role; access follows at once', async () => {
    const operator = await roleId('Operator');
    const menus = (await call('GET', `/role/listMenu/${operator}`)).data as { id: number; name: string }[];
    expect(menus.map((m) => m.name)).toEqual(expect.arrayContaining(['pms', 'brand', 'sms']));
    const resources = (await call('GET', `/role/listResource/${operator}`)).data as { id: number; url: string }[];
    expect(resources.map((r) => r.url)).toContain('/brand/**');

    const opToken = await s.login('operator', 'operator123');
    expect((await s.api('GET', '/brand/list', undefined, { token: opToken })).code).toBe(200);
    const kept = resources.filter((r) => r.url !== '/brand/**').map((r) => r.id).join(',');
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
    expect(await call('POST', `/role/updateStatus/${seller}`, undefined, { query: { status: 0 } })).toMatchObject({ data: 1 });
    expect((await s.api('GET', '/admin/info', undefined, { token: await s.login('seller', 'seller123') })).code).toBe(500);
    await call('POST', `/role/updateStatus/${seller}`, undefined, { query: { status: 1 } });
    const menu = (await call('GET', '/menu/list/0', undefined, { query: { pageSize: 100 } })).data.list[0];
    expect(menu.level).toBe(0);
    expect(await call('POST', `/menu/updateHidden/${menu.id}`, undefined, { query: { hidden: 1 } })).toMatchObject({ data: 1 });
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
