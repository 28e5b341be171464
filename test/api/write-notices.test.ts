/**
 * PostgreSQL: processes on one database hear each other's writes by LISTEN/NOTIFY (core/db.ts), and caches answer
 * only once they are caught up (WriteHooks.caughtUp): a notification committed before the call has been heard when
 * it resolves, and a write's answer leaves only once its own notification has committed (WriteHooks.settled). Both
 * are checked here without any wait: what a cache may serve must not depend on how fast a notification travels.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

describe.runIf(dialects.includes('postgres'))('write notices between processes (postgres)', () => {
  let server: TestServer;
  let other: pg.Client;
  let admin: string;

  beforeAll(async () => {
    server = await startServer({ dialect: 'postgres' });
    other = new pg.Client({ connectionString: server.config.databaseUrl });
    await other.connect();
    admin = await server.login('admin', 'admin123');
    // Listening from the start (the LISTEN connection is made as the server starts).
    for (let i = 0; !server.built.db.hooks.hearing && i < 100; i++) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(async () => {
    await other?.end();
    await server?.close();
  });

  it('has heard every notification committed before a cache asks', async () => {
    const hooks = server.built.db.hooks;
    const heard: string[] = [];
    hooks.on((table) => heard.push(table));
    for (let i = 0; i < 50; i++) {
      const table = `t_${i}`;
      await other.query('SELECT pg_notify($1, $2)', ['mpa_writes', JSON.stringify({ o: 'another', t: [table] })]);
      expect(await hooks.caughtUp()).toBe(true);
      expect(heard).toContain(table);
    }
  });

  it('answers a write once its notification has committed, so the next request anywhere finds it heard', async () => {
    const listener = new pg.Client({ connectionString: server.config.databaseUrl });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (m) => heard.push(m.payload ?? ''));
      await listener.query('LISTEN mpa_writes');
      for (let i = 0; i < 30; i++) {
        heard.length = 0;
        const made = await server.api('POST', '/brand/create', { name: `Notice ${i}` }, { token: admin });
        expect(made.code, made.message).toBe(200);
        // A round trip on the listening connection: PostgreSQL delivers what was committed before it first.
        await listener.query('SELECT 1');
        expect(heard.some((p) => p.includes('pms_brand'))).toBe(true);
      }
    } finally {
      await listener.end();
    }
  });
});
