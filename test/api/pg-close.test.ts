/**
 * A PostgreSQL handle closed at once leaves no connection behind: its LISTEN connection (for other processes'
 * writes) may still be connecting then, and must end itself rather than stay open on the database.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/core/config';
import { connect } from '../../src/server/core/db';
import { createPgDatabase } from './helpers';

describe.skipIf(!process.env.DATABASE_URL)('closing a PostgreSQL handle', () => {
  it('leaves no connection open on the database, even when closed while still connecting', async () => {
    const db = await createPgDatabase();
    const name = new URL(db.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      for (let i = 0; i < 5; i++) await connect(loadConfig({}, { databaseUrl: db.url })).close();
      const open = async () =>
        Number((await admin.query('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows[0].n);
      await new Promise((r) => setTimeout(r, 500)); // a connection left behind would be up by now
      expect(await open()).toBe(0);
    } finally {
      await admin.end();
      await db.drop();
    }
  });
});
