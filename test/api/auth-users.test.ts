/**
 * The accounts' cache (core/auth-users.ts): the requests that find an account missing at once (after a write to the
 * auth tables, here or in another process) share one load of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { AuthUsers } from '../../src/server/core/auth-users';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('the accounts cache (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    // Metrics on: every statement, Kysely's too, passes `db.onQuery`.
    server = await startServer({ dialect, config: { metricsToken: 'm' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('loads an account once for the requests that miss it together', async () => {
    const db = server.built.db;
    const users = new AuthUsers(db);
    const first = await users.current(1);
    expect(first?.username).toBe('admin');
    const timed = db.onQuery;
    let loads = 0;
    db.onQuery = (text, ms) => {
      if (text.includes(`"${tables.adminRoleRelation}"`)) loads++;
      timed?.(text, ms);
    };
    try {
      users.invalidate();
      const all = await Promise.all(Array.from({ length: 20 }, () => users.get(1, first!.sessionVersion)));
      expect(all.every((u) => u?.username === 'admin')).toBe(true);
    } finally {
      db.onQuery = timed;
    }
    expect(loads).toBe(1);
  });
});
