import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from './db.js';
import { projectPath } from './paths.js';

/** The one table no schema describes: which migration files ran (created below, before any of them). */
type MigrationTables = {
  schema_migrations: { version: string; applied_at: string };
};

/** What codegen writes (with snapshot.json). */
export const MIGRATIONS_DIR = projectPath('generated', 'migrations');
/** SQL the generator cannot say, written by hand: numbered in the same sequence, applied in name order with it. */
export const HAND_MIGRATIONS_DIR = projectPath('migrations');

export interface MigrateOptions {
  /** Told the name of each migration file as it is applied (the server's start log). */
  log?: (line: string) => void;
}

/** A migration file's first lines: `-- foreign_keys: off` asks for SQLite's procedure for rebuilding tables. */
const FOREIGN_KEYS_OFF = /^-- foreign_keys: off$/m;
/**
 * A statement led by `-- refuse-if-any: <message>` is a `SELECT count(*) AS n …` that must find nothing: else the
 * migration stops (its transaction rolled back) with the message, `{n}` replaced by the count.
 */
const REFUSE = /^-- refuse-if-any: (.*)$/m;

/** The `NNNN_*.sql` files of each folder's `<dialect>` subfolder, by file name, in name order. */
export function migrationFiles(dirs: string[], dialect: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of dirs) {
    const folder = path.join(dir, dialect);
    if (!fs.existsSync(folder)) continue;
    for (const f of fs.readdirSync(folder).filter((f) => f.endsWith('.sql'))) {
      if (files.has(f)) throw new Error(`migration ${dialect}/${f} is in two folders: ${files.get(f)} and ${folder}`);
      files.set(f, path.join(folder, f));
    }
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Applies `<dir>/<dialect>/NNNN_*.sql` of the folders (generated and hand-written) in name order, each file in one
 * transaction, recording applied files in `schema_migrations`. Statements inside a file are separated by lines
 * holding only `--;;`. A SQLite file marked `-- foreign_keys: off` runs with foreign keys off (switched outside the
 * transaction, as SQLite requires) and `PRAGMA foreign_key_check` must find nothing before it commits. Then, when
 * the first folder holds the codegen's `snapshot.json`, checks the database has every table, column and index it
 * describes (`checkSchema`).
 */
export async function migrate(
  db: Db,
  dirs: string | string[] = [MIGRATIONS_DIR, HAND_MIGRATIONS_DIR],
  opts: MigrateOptions = {},
): Promise<string[]> {
  const folders = [dirs].flat();
  const k = db.kysely.withTables<MigrationTables>();
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version VARCHAR(255) PRIMARY KEY, applied_at VARCHAR(40) NOT NULL)`.execute(
    k,
  );
  const done = new Set(
    (await k.selectFrom('schema_migrations').select('version').execute()).map((r) => String(r.version)),
  );
  const applied: string[] = [];
  for (const [file, full] of migrationFiles(folders, db.dialect)) {
    if (done.has(file)) continue;
    const text = fs.readFileSync(full, 'utf8');
    const fkOff = db.dialect === 'sqlite' && FOREIGN_KEYS_OFF.test(text);
    if (fkOff) await sql`PRAGMA foreign_keys = OFF`.execute(k);
    try {
      await k.transaction().execute(async (trx) => {
        // A run of counts is read whole, so a refusal names every table and column in the way.
        const refused: string[] = [];
        for (const stmt of splitStatements(text)) {
          const refuse = REFUSE.exec(stmt);
          if (!refuse && refused.length) break;
          const rows = (await sql.raw<{ n?: unknown }>(stmt).execute(trx)).rows;
          if (refuse && Number(rows[0]?.n ?? 0) > 0) refused.push(refuse[1].replace('{n}', String(rows[0].n)));
        }
        if (refused.length)
          throw new SchemaMismatchError(`migration ${db.dialect}/${file} refused:\n  ${refused.join('\n  ')}`);
        if (fkOff) {
          const broken = (await sql<{ table: string; parent: string }>`PRAGMA foreign_key_check`.execute(trx)).rows;
          if (broken.length)
            throw new Error(
              `migration ${db.dialect}/${file} refused: ${broken.length} rows would reference missing rows ` +
                `(${[...new Set(broken.map((b) => `${b.table} → ${b.parent}`))].join(', ')})`,
            );
        }
        await trx
          .insertInto('schema_migrations')
          .values({ version: file, applied_at: new Date().toISOString() })
          .execute();
      });
    } finally {
      if (fkOff) await sql`PRAGMA foreign_keys = ON`.execute(k);
    }
    applied.push(file);
    opts.log?.(`applied migration ${db.dialect}/${file}`);
  }
  // Statistics let the planner pick the narrowest of several indexes a filter combination could use (a brand over
  // the publish status). SQLite's `optimize` analyzes only the tables whose statistics are missing or whose size
  // changed tenfold (a second or two once at 1 M rows, then nothing); PostgreSQL's autovacuum keeps them after.
  if (db.dialect === 'sqlite') await sql`PRAGMA optimize = 0x10002`.execute(k);
  else if (applied.length) await sql`ANALYZE`.execute(k);
  const snapshot = path.join(folders[0], 'snapshot.json');
  if (fs.existsSync(snapshot)) await checkSchema(db, JSON.parse(fs.readFileSync(snapshot, 'utf8')) as Snapshot);
  return applied;
}

export function splitStatements(text: string): string[] {
  return text
    .split(/^\s*--;;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.split('\n').some((line) => line.trim() && !line.trim().startsWith('--')));
}

/** The part of codegen's migration snapshot (generated/migrations/snapshot.json) the start check reads. */
export interface Snapshot {
  tables: Record<string, { columns: Record<string, unknown>; indexes?: Record<string, string> }>;
}

/** The database does not have what the schemas describe: the server refuses to serve rather than answer 500s. */
export class SchemaMismatchError extends Error {
  override name = 'SchemaMismatchError';
}

/**
 * Compares the database's tables, columns and indexes with the snapshot of what the schemas describe (two catalog
 * queries, whatever the number of tables) and throws a SchemaMismatchError naming each one missing. Columns the
 * schemas do not name are reported only beside a missing one (a column renamed by hand).
 */
export async function checkSchema(db: Db, snapshot: Snapshot): Promise<void> {
  const k = db.kysely;
  const columnRows =
    db.dialect === 'sqlite'
      ? await sql<{ t: string; c: string }>`SELECT m.name AS t, p.name AS c FROM sqlite_master m
          JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`.execute(k)
      : await sql<{ t: string; c: string }>`SELECT table_name AS t, column_name AS c FROM information_schema.columns
          WHERE table_schema = current_schema()`.execute(k);
  const indexRows =
    db.dialect === 'sqlite'
      ? await sql<{
          t: string;
          i: string;
        }>`SELECT tbl_name AS t, name AS i FROM sqlite_master WHERE type = 'index'`.execute(k)
      : await sql<{ t: string; i: string }>`SELECT tablename AS t, indexname AS i FROM pg_indexes
          WHERE schemaname = current_schema()`.execute(k);
  const columns = new Map<string, Set<string>>();
  for (const r of columnRows.rows) (columns.get(r.t) ?? columns.set(r.t, new Set()).get(r.t)!).add(r.c);
  const indexes = new Set(indexRows.rows.map((r) => `${r.t}.${r.i}`));

  const problems: string[] = [];
  for (const [table, spec] of Object.entries(snapshot.tables)) {
    const have = columns.get(table);
    if (!have) {
      problems.push(`table ${table} is missing: the schemas expect it`);
      continue;
    }
    const expected = Object.keys(spec.columns);
    const missing = expected.filter((c) => !have.has(c));
    const extra = [...have].filter((c) => !expected.includes(c));
    for (const c of missing)
      problems.push(
        `table ${table} has no column ${c}: the schemas expect it` +
          (extra.length ? ` (the table has columns the schemas do not name: ${extra.join(', ')})` : ''),
      );
    for (const i of Object.keys(spec.indexes ?? {}))
      if (!indexes.has(`${table}.${i}`)) problems.push(`table ${table} has no index ${i}: the schemas expect it`);
  }
  if (problems.length)
    throw new SchemaMismatchError(
      `The database does not match the schemas; not serving.\n${problems.map((p) => `  ${p}`).join('\n')}\n` +
        `Run \`npm run codegen\` to generate a migration into generated/migrations/${db.dialect}/ ` +
        `(or write one into migrations/${db.dialect}/) for each difference, then start again.`,
    );
}
