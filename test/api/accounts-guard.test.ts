/**
 * Accounts that cannot be mistaken or lost: look-alike usernames refused (case, other scripts, invisible
 * characters, 0/o and 1/l), and the last enabled super admin cannot remove its own role, be disabled or deleted, nor
 * its role be disabled, renamed or deleted; each refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('account guards on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let adminId: number;
  let superRole: { id: number; name: string };

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    const admins = await s.api('GET', '/admin/list', undefined, { token, query: { keyword: 'admin' } });
    adminId = admins.data.list.find((a: { username: string }) => a.username === 'admin').id;
    const roles = (await s.api('GET', '/role/listAll', undefined, { token })).data as { id: number; name: string }[];
    superRole = roles.find((r) => r.name === 'Super admin')!;
  });
  afterAll(async () => s?.close());

  const register = (username: string) => s.api('POST', '/admin/register', { username, password: 'secret123' });

  it('refuses usernames that look like an existing one', async () => {
    for (const name of ['ADMIN', 'Admin', 'adm1n', 'admln', 'sel1er', 'SELLER', 'admin\u200B', ' \uFEFFadmin ']) {
      expect(await register(name), name).toMatchObject({ code: 500, message: Messages.usernameTaken });
    }
    for (const name of ['\u0430dmin', 'ad\u200Bmin', 'ad min', '管理员']) {
      expect((await register(name)).message, JSON.stringify(name)).toBe(
        'Validation Failed: username: has an invalid format',
      );
    }
    expect((await register('Rnadmin')).code).toBe(200);
    expect(await register('madmin')).toMatchObject({ message: Messages.usernameTaken }); // rn looks like m
    const list = await s.api('GET', '/admin/list', undefined, { token, query: { keyword: 'dm', pageSize: 50 } });
    expect(list.data.list.map((a: { username: string }) => a.username).sort()).toEqual(['Rnadmin', 'admin']);
  });

  it('keeps one enabled super admin, whatever is tried', async () => {
    const roleOf = async () =>
      ((await s.api('GET', `/admin/role/${adminId}`, undefined, { token })).data as { name: string }[]).map(
        (r) => r.name,
      );
    const refused = { code: 500, message: Messages.lastSuperAdmin };
    expect(
      await s.api('POST', '/admin/role/update', undefined, { token, query: { adminId, roleIds: '' } }),
    ).toMatchObject(refused);
    expect(
      await s.api('POST', `/admin/updateStatus/${adminId}`, undefined, { token, query: { status: 0 } }),
    ).toMatchObject(refused);
    expect((await s.api('POST', `/admin/delete/${adminId}`, undefined, { token })).code).toBe(500);
    expect(
      await s.api('POST', `/role/updateStatus/${superRole.id}`, undefined, { token, query: { status: 0 } }),
    ).toMatchObject(refused);
    expect(await s.api('POST', `/role/update/${superRole.id}`, { name: 'Boss' }, { token })).toMatchObject(refused);
    expect((await s.api('POST', `/role/delete/${superRole.id}`, undefined, { token })).code).toBe(500); // still in use
    expect(await roleOf()).toEqual(['Super admin']);
    expect((await s.api('GET', '/admin/info', undefined, { token })).code).toBe(200); // nothing ended the session

    // With a second super admin, the first may step down.
    const second = (await register('deputy')).data.id;
    await s.api('POST', '/admin/role/update', undefined, { token, query: { adminId: second, roleIds: superRole.id } });
    const deputy = await s.login('deputy', 'secret123');
    expect(
      (await s.api('POST', '/admin/role/update', undefined, { token: deputy, query: { adminId, roleIds: '' } })).code,
    ).toBe(200);
    expect((await s.api('GET', '/admin/info', undefined, { token })).code).toBe(401); // its role changed
    expect((await s.api('GET', `/admin/role/${adminId}`, undefined, { token: deputy })).data).toEqual([]);
  });
});
