import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './db.js';
import { projectPath } from './paths.js';

/** The one table no schema describes: which migration files ran (created below, before any of them). */
type MigrationTables = {
  schema_migrations: { version: string; applied_at: string };
};

export const MIGRATIONS_DIR = projectPath('generated', 'migrations');

/**
 * Applies `<dir>/<dialect>/NNNN_*.sql` in name order, each file in one transaction, recording applied files in
 * `schema_migrations`. Statements inside a file are separated by lines holding only `--;;`.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const k = db.kysely.withTables<MigrationTables>();
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version VARCHAR(255) PRIMARY KEY, applied_at VARCHAR(40) NOT NULL)`.execute(
    k,
  );
  const done = new Set(
    (await k.selectFrom('schema_migrations').select('version').execute()).map((r) => String(r.version)),
  );
  const folder = path.join(dir, db.dialect);
  const files = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.sql'))
        .sort()
    : [];
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const statements = splitStatements(fs.readFileSync(path.join(folder, file), 'utf8'));
    await k.transaction().execute(async (trx) => {
      for (const stmt of statements) await sql.raw(stmt).execute(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: file, applied_at: new Date().toISOString() })
        .execute();
    });
    applied.push(file);
  }
  // Statistics let the planner pick the narrowest of several indexes a filter combination could use (a brand over
  // the publish status). SQLite's `optimize` analyzes only the tables whose statistics are missing or whose size
  // changed tenfold (a second or two once at 1 M rows, then nothing); PostgreSQL's autovacuum keeps them after.
  if (db.dialect === 'sqlite') await sql`PRAGMA optimize = 0x10002`.execute(k);
  else if (applied.length) await sql`ANALYZE`.execute(k);
  return applied;
}

export function splitStatements(text: string): string[] {
  return text
    .split(/^\s*--;;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.split('\n').some((line) => line.trim() && !line.trim().startsWith('--')));
}
