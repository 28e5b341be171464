import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('admin API on %s', (dialect) => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  const register = (username: string, password = 'secret123') =>
    s.api('POST', '/admin/register', { username, password, email: `${username}@x.io`, nickName: username, note: 'n' });

  it('logs in (username trimmed) and answers token + tokenHead', async () => {
    const env = await s.api('POST', '/admin/login', { username: '  admin ', password: 'admin123' });
    expect(env.code).toBe(200);
    expect(env.data.tokenHead).toBe('Bearer ');
    expect(typeof env.data.token).toBe('string');
  });

  it('refuses bad credentials and missing fields', async () => {
    expect(await s.api('POST', '/admin/login', { username: 'admin', password: 'nope' })).toMatchObject({
      code: 500,
      message: Messages.badCredentials,
    });
    expect(await s.api('POST', '/admin/login', { username: 'ghost', password: 'x' })).toMatchObject({
      code: 500,
      message: Messages.badCredentials,
    });
    expect((await s.api('POST', '/admin/login', { username: 'admin' })).code).toBe(404);
  });

  it('accepts a form-encoded login', async () => {
    const env = await s.api('POST', '/admin/login', { username: 'admin', password: 'admin123' }, { form: true });
    expect(env.code).toBe(200);
  });

  it('answers info: username, icon, roles, menus', async () => {
    const env = await s.api('GET', '/admin/info', undefined, { token });
    expect(env.code).toBe(200);
    expect(env.data.username).toBe('admin');
    expect(env.data.roles).toEqual(['Super admin']);
    expect(env.data).toHaveProperty('icon');
    const names = env.data.menus.map((m: { name: string }) => m.name);
    expect(names).toEqual(expect.arrayContaining(['pms', 'brand', 'ums', 'admin', 'shopCenter', 'home']));
    expect(Object.keys(env.data.menus[0]).sort()).toEqual([
      'createTime',
      'hidden',
      'icon',
      'id',
      'level',
      'name',
      'parentId',
      'sort',
      'title',
    ]);
  });

  it('gives the seller only its groups and the operator pms + sms', async () => {
    const seller = await s.api('GET', '/admin/info', undefined, { token: await s.login('seller', 'seller123') });
    const sellerMenus = seller.data.menus.map((m: { name: string }) => m.name);
    expect(seller.data.roles).toEqual(['Seller']);
    expect(sellerMenus).toEqual(expect.arrayContaining(['shopCenter', 'shop', 'pms', 'oms', 'sms', 'member', 'brand']));
    expect(sellerMenus).not.toContain('ums');
    // The patterns the UI matches its calls against: read-only brands for a seller, everything for the super admin.
    expect(seller.data.resources).toEqual(expect.arrayContaining(['GET /brand/**', '/product/**']));
    expect(seller.data.resources).not.toContain('/brand/**');
    const admin = await s.api('GET', '/admin/info', undefined, { token: await s.login('admin', 'admin123') });
    expect(admin.data.resources).toEqual(['/**']);
    const operator = await s.api('GET', '/admin/info', undefined, { token: await s.login('operator', 'operator123') });
    const groups = operator.data.menus
      .filter((m: { level: number }) => m.level === 0)
      .map((m: { name: string }) => m.name);
    expect(groups.sort()).toEqual(['pms', 'sms']);
  });

  it('refuses calls without a valid token', async () => {
    expect(await s.api('GET', '/admin/info')).toMatchObject({ code: 401, message: Messages.unauthorized });
    expect((await s.api('GET', '/admin/info', undefined, { token: 'garbage' })).code).toBe(401);
    // the raw token (no "Bearer ") is accepted too
    const res = await fetch(`${s.base}/admin/info`, { headers: { authorization: token } });
    expect((await res.json()).code).toBe(200);
  });

  it('enforces role resources: 403 outside them', async () => {
    const seller = await s.login('seller', 'seller123');
    expect(await s.api('GET', '/admin/list', undefined, { token: seller })).toMatchObject({
      code: 403,
      message: Messages.forbidden,
    });
    expect((await s.api('GET', '/brand/list', undefined, { token: seller })).code).toBe(200);
    expect((await s.api('POST', '/admin/logout', undefined, { token: seller })).code).toBe(200);
  });

  it('logs out: every token of the account ends', async () => {
    const [t1, t2] = [await s.login('seller2', 'seller123'), await s.login('seller2', 'seller123')];
    expect((await s.api('POST', '/admin/logout', undefined, { token: t1 })).code).toBe(200);
    expect((await s.api('GET', '/admin/info', undefined, { token: t1 })).code).toBe(401);
    expect((await s.api('GET', '/admin/info', undefined, { token: t2 })).code).toBe(401);
  });

  it('registers an account, never returning the password; duplicate usernames refused', async () => {
    const env = await register('alice');
    expect(env.code).toBe(200);
    expect(env.data).toMatchObject({ username: 'alice', email: 'alice@x.io', nickName: 'alice', status: 1 });
    expect(env.data).not.toHaveProperty('password');
    expect(typeof env.data.createTime).toBe('string');
    expect(await register('alice')).toMatchObject({ code: 500, message: Messages.usernameTaken });
    // a registered account is a seller and logs in at once
    const info = await s.api('GET', '/admin/info', undefined, { token: await s.login('alice', 'secret123') });
    expect(info.data.roles).toEqual(['Seller']);
    expect(info.data.menus.map((m: { name: string }) => m.name)).toEqual(
      expect.arrayContaining(['shopList', 'memberList']),
    );
    expect((await register('bob', '123')).message).toMatch(
      /^Validation Failed: password: Length must be between 6 and 64/,
    );
  });

  it('refuses the login of an account without a role, and info once its last role is disabled (not a 500)', async () => {
    const norole = (await register('norole')).data;
    await s.api('POST', '/admin/role/update', { adminId: norole.id, roleIds: '' }, { token, form: true });
    const login = await s.api('POST', '/admin/login', { username: 'norole', password: 'secret123' });
    expect(login).toMatchObject({ code: 500, message: Messages.noRole, data: null });
    // A role disabled after login leaves the account's token alive but the account without a role.
    const role = (await s.api('POST', '/role/create', { name: 'Temporary', status: 1 }, { token })).data;
    await s.api('POST', '/admin/role/update', { adminId: norole.id, roleIds: String(role.id) }, { token, form: true });
    const t = await s.login('norole', 'secret123');
    expect((await s.api('GET', '/admin/info', undefined, { token: t })).code).toBe(200);
    expect(
      (await s.api('POST', `/role/updateStatus/${role.id}`, undefined, { token, query: { status: 0 } })).code,
    ).toBe(200);
    expect(await s.api('GET', '/admin/info', undefined, { token: t })).toMatchObject({
      code: 403,
      message: Messages.noRole,
    });
  });

  it('lists, searches and gets admins', async () => {
    const list = await s.api('GET', '/admin/list', undefined, { token, query: { keyword: 'sel', pageSize: 10 } });
    expect(list.code).toBe(200);
    expect(list.data.list.map((a: { username: string }) => a.username)).toEqual(['seller2', 'seller']);
    expect(list.data.list[0]).not.toHaveProperty('password');
    const one = await s.api('GET', `/admin/${list.data.list[1].id}`, undefined, { token });
    expect(one.data.username).toBe('seller');
    expect((await s.api('GET', '/admin/999999', undefined, { token })).code).toBe(404);
    expect((await s.api('GET', '/admin/abc', undefined, { token })).code).toBe(404);
  });

  it('updates an account: username uniqueness, password re-hashed only when given', async () => {
    const created = (await register('carol')).data;
    expect(await s.api('POST', `/admin/update/${created.id}`, { username: 'admin' }, { token })).toMatchObject({
      code: 500,
      message: Messages.usernameTaken,
    });
    const upd = await s.api('POST', `/admin/update/${created.id}`, { nickName: 'Carol', password: '' }, { token });
    expect(upd.data.nickName).toBe('Carol');
    await s.login('carol', 'secret123');
    await s.api('POST', `/admin/update/${created.id}`, { password: 'newpass99' }, { token });
    await expect(s.login('carol', 'secret123')).rejects.toThrow();
    await s.login('carol', 'newpass99');
  });

  it('disabling an account refuses its token at once, for good', async () => {
    const dave = (await register('dave')).data;
    await s.api('POST', '/admin/role/update', { adminId: dave.id, roleIds: '2' }, { token, form: true });
    const t = await s.login('dave', 'secret123');
    expect((await s.api('GET', '/admin/info', undefined, { token: t })).code).toBe(200);
    const off = await s.api('POST', `/admin/updateStatus/${dave.id}`, undefined, { token, query: { status: 0 } });
    expect(off).toMatchObject({ code: 200, data: 1 });
    expect((await s.api('GET', '/admin/info', undefined, { token: t })).code).toBe(401);
    expect(await s.api('POST', '/admin/login', { username: 'dave', password: 'secret123' })).toMatchObject({
      code: 500,
      message: Messages.accountDisabled,
    });
    await s.api('POST', `/admin/updateStatus/${dave.id}`, undefined, { token, query: { status: 1 } });
    expect((await s.api('GET', '/admin/info', undefined, { token: t })).code).toBe(401);
    expect((await s.api('GET', '/admin/info', undefined, { token: await s.login('dave', 'secret123') })).code).toBe(
      200,
    );
    expect(
      (await s.api('POST', `/admin/updateStatus/${dave.id}`, undefined, { token, query: { status: 7 } })).code,
    ).toBe(404);
  });

  it('reads and replaces roles of an account (form body and query)', async () => {
    const erin = (await register('erin')).data;
    const roles = (await s.api('GET', '/role/listAll', undefined, { token })).data as { id: number; name: string }[];
    const ids = roles.map((r) => r.id);
    const r1 = await s.api(
      'POST',
      '/admin/role/update',
      { adminId: erin.id, roleIds: ids.slice(0, 2).join(',') },
      { token, form: true },
    );
    expect(r1).toMatchObject({ code: 200, data: 2 });
    let got = await s.api('GET', `/admin/role/${erin.id}`, undefined, { token });
    expect(got.data.map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 2));
    await s.api('POST', '/admin/role/update', undefined, { token, query: { adminId: erin.id, roleIds: ids[2] } });
    got = await s.api('GET', `/admin/role/${erin.id}`, undefined, { token });
    expect(got.data.map((r: { name: string }) => r.name)).toEqual([roles[2].name]);
    const t = await s.login('erin', 'secret123');
    expect((await s.api('GET', '/admin/info', undefined, { token: t })).data.roles).toEqual([roles[2].name]);
    // a role change ends the existing token at once; a new one sees the change
    await s.api('POST', '/admin/role/update', { adminId: erin.id, roleIds: '' }, { token, form: true });
    expect((await s.api('GET', '/admin/info', undefined, { token: t })).code).toBe(401);
    expect((await s.api('POST', '/admin/login', { username: 'erin', password: 'secret123' })).message).toBe(
      Messages.noRole,
    );
  });

  it('deleting an account refuses its token at once', async () => {
    const fay = (await register('fay')).data;
    const t = await s.login('fay', 'secret123');
    expect((await s.api('POST', '/admin/logout', undefined, { token: t })).code).toBe(200);
    expect(await s.api('POST', `/admin/delete/${fay.id}`, undefined, { token })).toMatchObject({ code: 200, data: 1 });
    expect((await s.api('POST', '/admin/logout', undefined, { token: t })).code).toBe(401);
    expect((await s.api('POST', `/admin/delete/${fay.id}`, undefined, { token })).code).toBe(404);
  });

  it("keeps the roles' user counts right when accounts are deleted", async () => {
    const sellerRole = async () =>
      ((await s.api('GET', '/role/listAll', undefined, { token })).data as { name: string; adminCount: number }[]).find(
        (r) => r.name === 'Seller',
      )!.adminCount;
    const before = await sellerRole();
    const ids = [(await register('cnt1')).data.id, (await register('cnt2')).data.id, (await register('cnt3')).data.id];
    expect(await sellerRole()).toBe(before + 3);
    expect((await s.api('POST', `/admin/delete/${ids[0]}`, undefined, { token })).data).toBe(1);
    expect(await sellerRole()).toBe(before + 2);
    expect(
      (await s.api('POST', '/admin/delete', undefined, { token, query: { ids: ids.slice(1).join(',') } })).data,
    ).toBe(2);
    expect(await sellerRole()).toBe(before);
  });

  it('refreshes the token and changes the own password', async () => {
    const gil = (await register('gil')).data;
    await s.api('POST', '/admin/role/update', { adminId: gil.id, roleIds: '3' }, { token, form: true });
    const t = await s.login('gil', 'secret123');
    const refreshed = await s.api('GET', '/admin/refreshToken', undefined, { token: t });
    expect(refreshed.data.tokenHead).toBe('Bearer ');
    const bad = await s.api(
      'POST',
      '/admin/updatePassword',
      { oldPassword: 'wrong', newPassword: 'another1' },
      { token: t },
    );
    expect(bad.code).toBe(500);
    // Another account's password: refused with 403 (a 401 would log gil out).
    const other = await s.api(
      'POST',
      '/admin/updatePassword',
      { username: 'admin', oldPassword: 'admin123', newPassword: 'another1' },
      { token: t },
    );
    expect(other.code).toBe(403);
    const good = await s.api(
      'POST',
      '/admin/updatePassword',
      { oldPassword: 'secret123', newPassword: 'another1' },
      { token: t },
    );
    expect(good.code).toBe(200);
    await s.login('gil', 'another1');
  });

  it('shows the demo logins publicly', async () => {
    const env = await s.api('GET', '/demo');
    expect(env.data.demo).toBe(true);
    expect(env.data.logins.map((l: { username: string }) => l.username)).toEqual([
      'admin',
      'seller',
      'operator',
      'seller2',
    ]);
  });
});
