/**
 * Two servers on one database (two processes of `WORKERS=N`, or two machines): an account's session ended through one
 * ends its tokens on the other, though the other answers who a token stands for from its cache (no database read per
 * request), at once: SQLite looks at the file's change counter on each call; on PostgreSQL a write's answer waits for
 * its NOTIFY, and a request first waits for a round trip on the LISTEN connection (core/write-hooks.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('sessions across servers on %s', (dialect) => {
  let one: TestServer;
  let two: TestServer;
  let admin: string;
  let n = 0;

  beforeAll(async () => {
    one = await startServer({ dialect });
    two = await startServer({
      dialect,
      config: { databaseUrl: one.config.databaseUrl, sqliteFile: one.config.sqliteFile },
    });
    admin = await one.login('admin', 'admin123');
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  const alive = async (s: TestServer, token: string) =>
    (await s.api('GET', '/admin/info', undefined, { token })).code === 200;

  /** True when `token` is refused by the second server, asked as soon as the first one has answered. */
  const refusedOnTwo = async (token: string) => !(await alive(two, token));

  async function account(): Promise<{ id: number; token: string }> {
    const username = `cross${++n}`;
    const env = await one.api('POST', '/admin/register', { username, password: 'secret123' });
    expect(env.code).toBe(200);
    const token = await one.login(username, 'secret123');
    // The second server has the account cached.
    expect(await alive(two, token)).toBe(true);
    expect(await alive(two, token)).toBe(true);
    return { id: env.data.id, token };
  }

  it('a logout through one server ends the token on the other', async () => {
    const a = await account();
    expect((await one.api('POST', '/admin/logout', undefined, { token: a.token })).code).toBe(200);
    expect(await refusedOnTwo(a.token)).toBe(true);
  });

  it('disabling the account through one server ends its token on the other', async () => {
    const a = await account();
    const off = await one.api('POST', `/admin/updateStatus/${a.id}?status=0`, undefined, { token: admin });
    expect(off.code).toBe(200);
    expect(await refusedOnTwo(a.token)).toBe(true);
  });
});
