/**
 * A token ends with its session: logout, a password change (own or by an admin), disabling (for good: enabling again
 * does not revive it), a role change and deletion all refuse the account's earlier tokens at once, and refreshToken
 * cannot mint a new one from a dead token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('sessions on %s', (dialect) => {
  let s: TestServer;
  let admin: string;
  let n = 0;

  beforeAll(async () => {
    s = await startServer({ dialect });
    admin = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  /** A fresh seller account, its id and a live token. */
  async function account(password = 'secret123'): Promise<{ id: number; token: string; username: string }> {
    const username = `sess${++n}`;
    const env = await s.api('POST', '/admin/register', { username, password });
    expect(env.code).toBe(200);
    return { id: env.data.id, token: await s.login(username, password), username };
  }

  const alive = async (token: string) => (await s.api('GET', '/admin/info', undefined, { token })).code === 200;

  it('logout ends the token, and refreshToken cannot revive it', async () => {
    const a = await account();
    const other = await s.login(a.username, 'secret123'); // a second device
    expect(await alive(a.token)).toBe(true);
    const refreshed = await s.api('GET', '/admin/refreshToken', undefined, { token: a.token });
    expect(refreshed.code).toBe(200);
    expect((await s.api('POST', '/admin/logout', undefined, { token: a.token })).code).toBe(200);
    expect(await alive(a.token)).toBe(false);
    expect(await alive(other)).toBe(false);
    expect(await alive(refreshed.data.token)).toBe(false);
    expect((await s.api('GET', '/admin/refreshToken', undefined, { token: a.token })).code).toBe(401);
    expect(await alive(await s.login(a.username, 'secret123'))).toBe(true);
  });

  it('a password change ends the tokens, own or by an admin', async () => {
    const a = await account();
    const own = await s.api(
      'POST',
      '/admin/updatePassword',
      { username: a.username, oldPassword: 'secret123', newPassword: 'another123' },
      { token: a.token },
    );
    expect(own.code).toBe(200);
    expect(await alive(a.token)).toBe(false);
    const fresh = await s.login(a.username, 'another123');
    expect(await alive(fresh)).toBe(true);
    const byAdmin = await s.api('POST', `/admin/update/${a.id}`, { password: 'third1234' }, { token: admin });
    expect(byAdmin.code).toBe(200);
    expect(await alive(fresh)).toBe(false);
    // An update that leaves the password alone keeps the session.
    const again = await s.login(a.username, 'third1234');
    expect((await s.api('POST', `/admin/update/${a.id}`, { note: 'vip', password: '' }, { token: admin })).code).toBe(
      200,
    );
    expect(await alive(again)).toBe(true);
  });

  it('disabling ends the tokens for good; deleting too', async () => {
    const a = await account();
    const off = await s.api('POST', `/admin/updateStatus/${a.id}`, undefined, { token: admin, query: { status: 0 } });
    expect(off.code).toBe(200);
    expect(await alive(a.token)).toBe(false);
    await s.api('POST', `/admin/updateStatus/${a.id}`, undefined, { token: admin, query: { status: 1 } });
    expect(await alive(a.token)).toBe(false);
    const b = await account();
    const batch = await s.api('POST', '/admin/update/status', undefined, {
      token: admin,
      query: { ids: b.id, status: 0 },
    });
    expect(batch).toMatchObject({ code: 200 });
    expect(await alive(b.token)).toBe(false);
    const c = await account();
    expect((await s.api('POST', `/admin/delete/${c.id}`, undefined, { token: admin })).code).toBe(200);
    expect(await alive(c.token)).toBe(false);
  });

  it('a role change ends the tokens', async () => {
    const a = await account();
    const roles = (await s.api('GET', `/admin/role/${a.id}`, undefined, { token: admin })).data as { id: number }[];
    const env = await s.api('POST', '/admin/role/update', undefined, {
      token: admin,
      query: { adminId: a.id, roleIds: roles.map((r) => r.id).join(',') },
    });
    expect(env.code).toBe(200);
    expect(await alive(a.token)).toBe(false);
    expect(await alive(await s.login(a.username, 'secret123'))).toBe(true);
  });
});
