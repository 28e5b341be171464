import { afterAll, describe, expect, it, vi } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

/** Outside demo mode a new database gets no account with a known password, no demo shops and no demo catalog. */
describe.each(dialects)('a new database outside demo mode on %s', (dialect) => {
  const servers: TestServer[] = [];
  afterAll(async () => Promise.all(servers.map((s) => s.close())));

  it('seeds only roles, menus, resources, member levels and one admin with the given password', async () => {
    const s = await startServer({ dialect, config: { demo: false, adminPassword: 'Chosen-secret-9' } });
    servers.push(s);
    expect(s.built.generatedPassword).toBeUndefined();
    expect((await s.api('POST', '/admin/login', { username: 'admin', password: 'admin123' })).code).not.toBe(200);
    expect((await s.api('POST', '/admin/login', { username: 'seller', password: 'seller123' })).code).not.toBe(200);
    const token = await s.login('admin', 'Chosen-secret-9');
    expect((await s.api('GET', '/demo')).data).toEqual({ demo: false, logins: [] });
    const count = async (path: string) => (await s.api('GET', path, undefined, { token })).data.total;
    expect(await count('/admin/list')).toBe(1);
    expect(await count('/shop/list')).toBe(0);
    expect(await count('/brand/list')).toBe(0);
    expect(await count('/product/list')).toBe(0);
    expect(await count('/role/list')).toBe(3);
    expect((await s.api('GET', '/memberLevel/list', undefined, { token })).data.length).toBeGreaterThan(0);
    expect((await s.api('GET', '/admin/info', undefined, { token })).data.menus.length).toBeGreaterThan(0);
  });

  it('prints each migration it applies, with its request log off (LOG=0)', async () => {
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      // The suite's servers run with `logger: false`, as LOG=0 sets it.
      const s = await startServer({ dialect, config: { demo: false, logger: false } });
      servers.push(s);
      const lines = printed.mock.calls.map((c) => String(c[0]));
      expect(lines.filter((l) => l.startsWith(`applied migration ${dialect}/0001`))).toHaveLength(1);
    } finally {
      printed.mockRestore();
    }
  });

  it('generates the admin password when none is given', async () => {
    const s = await startServer({ dialect, config: { demo: false } });
    servers.push(s);
    const password = s.built.generatedPassword!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect(await s.login('admin', password)).toBeTruthy();
  });
});
