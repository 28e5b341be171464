/**
 * The start-up check on a migrated database, on SQLite and PostgreSQL: besides tables, columns and indexes it finds
 * a keyword search's trigger, full-text table, trigram index or extension gone, and a `schema_migrations` that names
 * a migration this build does not have (a newer build ran) or lacks one (a row deleted or altered). Each is a
 * StartupRefusal: a message saying what was found and what to do, which the server prints alone (no stack) and exits.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/core/config';
import { connect, type Db } from '../../src/server/core/db';
import {
  migrate,
  migrationFiles,
  MIGRATIONS_DIR,
  HAND_MIGRATIONS_DIR,
  StartupRefusal,
} from '../../src/server/core/migrate';
import { createPgDatabase, dialects } from './helpers';

describe.each(dialects)('the start-up check on %s', (dialect) => {
  const open: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of open.splice(0).reverse()) await c();
  });

  /** A copy of the run's migrated demo database. */
  async function copy(): Promise<Db> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-check-'));
    open.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const templates = inject('dbTemplates');
    const pgDb = dialect === 'postgres' ? await createPgDatabase(templates.postgres) : null;
    if (pgDb) open.push(() => pgDb.drop());
    else fs.copyFileSync(templates.sqlite!, path.join(dir, 't.db'));
    const db = connect(loadConfig({}, { dataDir: dir, sqliteFile: path.join(dir, 't.db'), databaseUrl: pgDb?.url }));
    open.push(() => db.close());
    return db;
  }
  const refusal = async (db: Db) => {
    const e = await migrate(db).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(StartupRefusal);
    return (e as Error).message;
  };
  const files = () => [...migrationFiles([MIGRATIONS_DIR, HAND_MIGRATIONS_DIR], dialect).keys()];

  it('starts on the database as migrated', async () => {
    expect(await migrate(await copy())).toEqual([]);
  });

  it('refuses a keyword search whose trigger, full-text table or index was dropped, naming each', async () => {
    const db = await copy();
    if (dialect === 'sqlite') {
      await sql`DROP TRIGGER pms_product_fts_ai`.execute(db.kysely);
      await sql`DROP TRIGGER pms_brand_fts_au`.execute(db.kysely);
      const message = await refusal(db);
      expect(message).toContain('table pms_product has no trigger pms_product_fts_ai');
      expect(message).toContain('table pms_brand has no trigger pms_brand_fts_au');
      expect(message).not.toMatch(/\n\s+at /);
      await sql`DROP TABLE ums_role_fts`.execute(db.kysely);
      expect(await refusal(db)).toContain('table ums_role_fts is missing');
    } else {
      await sql`DROP INDEX idx_pms_product_kw`.execute(db.kysely);
      expect(await refusal(db)).toContain('table pms_product has no index idx_pms_product_kw');
      await sql`DROP EXTENSION pg_trgm CASCADE`.execute(db.kysely);
      const message = await refusal(db);
      expect(message).toContain('the extension pg_trgm is not installed');
      expect(message).toContain('table pms_brand has no index idx_pms_brand_kw');
    }
  });

  it('refuses a database a newer build migrated: what it found, what to do', async () => {
    const db = await copy();
    await sql`INSERT INTO schema_migrations (version, applied_at) VALUES ('9990_from_a_newer_build.sql', '2030-01-01')`.execute(
      db.kysely,
    );
    const message = await refusal(db);
    expect(message).toContain('migrated by a newer build');
    expect(message).toContain('9990_from_a_newer_build.sql');
    expect(message).toContain('restore a backup');
    // Nothing ran: the row is still the last.
    const rows = await sql<{ version: string }>`SELECT version FROM schema_migrations ORDER BY version`.execute(
      db.kysely,
    );
    expect(rows.rows.map((r) => r.version)).toEqual([...files(), '9990_from_a_newer_build.sql']);
  });

  it('refuses a record of migrations with a row altered, and says why a migration whose row was deleted fails', async () => {
    const db = await copy();
    const [first] = files();
    await sql`DELETE FROM schema_migrations WHERE version = ${first}`.execute(db.kysely);
    // Run again over the tables it made: refused in words, nothing of it applied.
    const deleted = await refusal(db);
    expect(deleted).toContain(`Migration ${dialect}/${first} failed`);
    expect(deleted).toContain(`its row in schema_migrations was probably deleted or changed`);
    expect(deleted).toContain(`INSERT INTO schema_migrations (version, applied_at) VALUES ('${first}', '<time>')`);
    expect(deleted).not.toMatch(/\n\s+at /);
    // The row renamed: a name this build does not have, among its own.
    await sql`INSERT INTO schema_migrations (version, applied_at) VALUES (${`${first}.renamed`}, '2030-01-01')`.execute(
      db.kysely,
    );
    const altered = await refusal(db);
    expect(altered).toContain(`was changed: it names ${first}.renamed, which this build does not have`);
    expect(altered).toContain(`has no row for ${first}`);
  });
});
