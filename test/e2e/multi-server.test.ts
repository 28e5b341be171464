/**
 * Two server processes on one PostgreSQL database behave as one: a token from one works on the other (a shared
 * JWT_SECRET), a logout, disabling, password or role change made on one is refused by the other at once, and
 * cached list totals and account permissions follow writes made on either (LISTEN/NOTIFY). PostgreSQL only.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgDatabase } from '../api/helpers';
import { startServer, type Running } from './harness';

type Env = { code: number; message: string; data: any };

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let a: Running;
  let b: Running;

  beforeAll(async () => {
    db = await createPgDatabase(inject('dbTemplates').postgres);
    const env = { DATABASE_URL: db.url, JWT_SECRET: 'shared-by-every-process', LOG: '0', REGISTER_LIMIT: '1000' };
    a = await startServer(env); // on a copy of the run's seeded template
    b = await startServer(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  const call = async (server: Running, method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Env;
  };
  const login = async (server: Running, username: string, password: string) => {
    const env = await call(server, 'POST', '/admin/login', undefined, { username, password });
    expect(env.code).toBe(200);
    return env.data.token as string;
  };
  const alive = async (server: Running, token: string) => (await call(server, 'GET', '/admin/info', token)).code;

  it('ends a session on both at once, whichever process ends it', async () => {
    const admin = await login(a, 'admin', 'admin123');
    expect(await alive(b, admin)).toBe(200);

    const seller = await login(a, 'seller', 'seller123');
    expect(await alive(b, seller)).toBe(200); // B has the account cached now
    expect((await call(a, 'POST', '/admin/logout', seller)).code).toBe(200);
    expect(await alive(b, seller)).toBe(401);

    const made = await call(a, 'POST', '/admin/register', undefined, { username: 'twoproc', password: 'secret123' });
    const t = await login(b, 'twoproc', 'secret123');
    expect(await alive(a, t)).toBe(200);
    expect((await call(b, 'POST', `/admin/updateStatus/${made.data.id}?status=0`, admin)).code).toBe(200);
    expect(await alive(a, t)).toBe(401);
    await call(a, 'POST', `/admin/updateStatus/${made.data.id}?status=1`, admin);

    const t2 = await login(a, 'twoproc', 'secret123');
    expect(await alive(b, t2)).toBe(200);
    const pw = await call(a, 'POST', '/admin/updatePassword', t2, {
      oldPassword: 'secret123',
      newPassword: 'another123',
    });
    expect(pw.code).toBe(200);
    expect(await alive(b, t2)).toBe(401);

    const t3 = await login(b, 'twoproc', 'another123');
    expect(await alive(a, t3)).toBe(200);
    expect((await call(b, 'POST', `/admin/role/update?adminId=${made.data.id}&roleIds=`, admin)).code).toBe(200);
    expect(await alive(a, t3)).toBe(401);
  });

  it("follows the other process's writes in cached totals and in a role's resources", async () => {
    const admin = await login(a, 'admin', 'admin123');
    const total = async (server: Running) =>
      (await call(server, 'GET', '/brand/list?pageSize=1', admin)).data.total as number;
    const before = await total(b); // cached on B
    expect(await total(b)).toBe(before);
    expect((await call(a, 'POST', '/brand/create', admin, { name: 'Made on A' })).code).toBe(200);
    await expect.poll(() => total(b), { timeout: 2000, interval: 20 }).toBe(before + 1);

    // The Seller role loses its brand resources on A: a seller's cached permissions on B follow.
    const seller = await login(b, 'seller2', 'seller123');
    expect((await call(b, 'GET', '/brand/list', seller)).code).toBe(200);
    const roles = (await call(a, 'GET', '/role/listAll', admin)).data as { id: number; name: string }[];
    const role = roles.find((r) => r.name === 'Seller')!;
    const resources = (await call(a, 'GET', `/role/listResource/${role.id}`, admin)).data as {
      id: number;
      url: string;
    }[];
    const kept = resources.filter((r) => !r.url.includes('/brand'));
    expect(kept.length).toBeLessThan(resources.length);
    const alloc = await call(
      a,
      'POST',
      `/role/allocResource?roleId=${role.id}&resourceIds=${kept.map((r) => r.id).join(',')}`,
      admin,
    );
    expect(alloc.code).toBe(200);
    await expect
      .poll(async () => (await call(b, 'GET', '/brand/list', seller)).code, { timeout: 2000, interval: 20 })
      .toBe(403);
  });
});
