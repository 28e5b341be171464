import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ftsTable, ftsTriggers, keywordIndexName } from '../../shared/sql-naming.js';
import { contextKey } from './context.js';
import type { Db } from './db.js';
import { projectPath } from './paths.js';
import { messageOf } from './thrown.js';

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
 * A reason the server will not start on this database, said in full: what was found and what to do. The start-up
 * (main.ts) prints the message alone, no stack trace, and exits 1.
 */
export class StartupRefusal extends Error {
  override name = 'StartupRefusal';
}

/** The database does not have what the schemas describe: the server refuses to serve rather than answer 500s. */
export class SchemaMismatchError extends StartupRefusal {
  override name = 'SchemaMismatchError';
}

/** The PostgreSQL advisory lock the processes sharing a database take turns on at start (migrations, first seed). */
const STARTUP_LOCK = 'marketplace start-up';
/**
 * SQLite: how long a starting process waits for another one's write transaction (a migration, the first seed)
 * instead of its usual busy timeout. At start nothing else waits on this process, so it can wait long.
 */
const STARTUP_WAIT_MS = 10 * 60_000;
const inTurn = contextKey<Db>('start-up turn');

/**
 * Runs `fn` (the start-up's migrations and first seed) one process at a time among those sharing the database, so
 * processes started together on a new database all come up: the first does the work, the others wait and then find
 * nothing left to do. PostgreSQL: an advisory lock held by one connection of its own for the whole of `fn`. SQLite:
 * each migration file and the seed are write transactions (BEGIN IMMEDIATE, which the other processes wait for) that
 * check again, once they hold the lock, what is still to do. Re-entrant (migrate inside a start-up's turn).
 */
export async function startupTurn<T>(db: Db, fn: () => Promise<T>, log?: (line: string) => void): Promise<T> {
  if (inTurn.get() === db) return fn();
  return inTurn.run(db, async () => {
    if (db.dialect === 'sqlite') {
      const k = db.kysely;
      const was = (await sql<{ timeout: number }>`PRAGMA busy_timeout`.execute(k)).rows[0]?.timeout ?? 5000;
      await sql.raw(`PRAGMA busy_timeout = ${STARTUP_WAIT_MS}`).execute(k);
      try {
        return await fn();
      } finally {
        await sql.raw(`PRAGMA busy_timeout = ${Number(was)}`).execute(k);
      }
    }
    return db.kysely.connection().execute(async (c) => {
      const free = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(hashtext(${STARTUP_LOCK})) AS ok`.execute(c);
      if (!free.rows[0]?.ok) {
        log?.('another process is migrating this database: waiting for it');
        await sql`SELECT pg_advisory_lock(hashtext(${STARTUP_LOCK}))`.execute(c);
      }
      try {
        return await fn();
      } finally {
        await sql`SELECT pg_advisory_unlock(hashtext(${STARTUP_LOCK}))`.execute(c);
      }
    });
  });
}

/**
 * Applies `<dir>/<dialect>/NNNN_*.sql` of the folders (generated and hand-written) in name order, each file in one
 * transaction, recording applied files in `schema_migrations`, in the start-up's turn (`startupTurn`). Statements
 * inside a file are separated by lines holding only `--;;`. A SQLite file marked `-- foreign_keys: off` runs with
 * foreign keys off (switched outside the transaction, as SQLite requires) and `PRAGMA foreign_key_check` must find
 * nothing before it commits. A database whose `schema_migrations` names a migration this build does not have is
 * refused (`StartupRefusal`), as is a migration that fails, in words saying what to do. Then, when the
 * first folder holds the codegen's `snapshot.json`, checks the database has every table, column, index and keyword
 * search it describes, and the triggers and extensions the migrations created (`checkSchema`).
 */
export async function migrate(
  db: Db,
  dirs: string | string[] = [MIGRATIONS_DIR, HAND_MIGRATIONS_DIR],
  opts: MigrateOptions = {},
): Promise<string[]> {
  return startupTurn(db, () => migrateInTurn(db, [dirs].flat(), opts), opts.log);
}

async function migrateInTurn(db: Db, folders: string[], opts: MigrateOptions): Promise<string[]> {
  const k = db.kysely.withTables<MigrationTables>();
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (version VARCHAR(255) PRIMARY KEY, applied_at VARCHAR(40) NOT NULL)`.execute(
    k,
  );
  const done = new Set(
    (await k.selectFrom('schema_migrations').select('version').execute()).map((r) => String(r.version)),
  );
  const files = migrationFiles(folders, db.dialect);
  const missing = checkHistory(db.dialect, [...files.keys()], done);
  const lastDone = [...files.keys()].filter((f) => done.has(f)).at(-1);
  const applied: string[] = [];
  for (const [file, full] of files) {
    if (done.has(file)) continue;
    const text = fs.readFileSync(full, 'utf8');
    const fkOff = db.dialect === 'sqlite' && FOREIGN_KEYS_OFF.test(text);
    if (fkOff) await sql`PRAGMA foreign_keys = OFF`.execute(k);
    let ran = false;
    try {
      await k.transaction().execute(async (trx) => {
        // Another process sharing the file may have applied it while this one waited for the write lock.
        if (await trx.selectFrom('schema_migrations').select('version').where('version', '=', file).executeTakeFirst())
          return;
        // A run of counts is read whole, so a refusal names every table and column in the way.
        const refused: string[] = [];
        for (const stmt of splitStatements(text)) {
          const refuse = REFUSE.exec(stmt);
          if (!refuse && refused.length) break;
          const rows = (await sql.raw<{ n?: unknown }>(stmt).execute(trx)).rows;
          if (refuse && Number(rows[0]?.n ?? 0) > 0) refused.push(refuse[1].replace('{n}', String(rows[0].n)));
        }
        if (refused.length)
          throw new SchemaMismatchError(
            `migration ${db.dialect}/${file} refused:\n  ${refused.join('\n  ')}\n` +
              `Nothing of it was applied; not serving. Change those rows, or the schema, and start again.`,
          );
        if (fkOff) {
          const broken = (await sql<{ table: string; parent: string }>`PRAGMA foreign_key_check`.execute(trx)).rows;
          if (broken.length)
            throw new StartupRefusal(
              `migration ${db.dialect}/${file} refused: ${broken.length} rows would reference missing rows ` +
                `(${[...new Set(broken.map((b) => `${b.table} → ${b.parent}`))].join(', ')}). ` +
                `Nothing of it was applied; not serving. Correct or remove those rows and start again.`,
            );
        }
        await trx
          .insertInto('schema_migrations')
          .values({ version: file, applied_at: new Date().toISOString() })
          .execute();
        ran = true;
      });
    } catch (e) {
      if (e instanceof StartupRefusal) throw e;
      throw new StartupRefusal(
        `Migration ${db.dialect}/${file} failed: ${String(messageOf(e))}. Nothing of it was applied (its ` +
          `transaction rolled back); not serving.` +
          (missing.includes(file) && lastDone
            ? gapFailed(file, lastDone)
            : ` Correct the database or the migration (${full}) and start again, or restore a backup.`),
      );
    } finally {
      if (fkOff) await sql`PRAGMA foreign_keys = ON`.execute(k);
    }
    if (!ran) continue;
    applied.push(file);
    opts.log?.(`applied migration ${db.dialect}/${file}`);
  }
  // Statistics let the planner pick the narrowest of several indexes a filter combination could use (a brand over
  // the publish status). SQLite's `optimize` analyzes only the tables whose statistics are missing or whose size
  // changed tenfold (a second or two once at 1 M rows, then nothing); PostgreSQL's autovacuum keeps them after.
  if (db.dialect === 'sqlite') await sql`PRAGMA optimize = 0x10002`.execute(k);
  else if (applied.length) await sql`ANALYZE`.execute(k);
  const snapshot = path.join(folders[0], 'snapshot.json');
  if (fs.existsSync(snapshot)) {
    // Read now, with the snapshot: codegen (the dev loop) may have written both since the folders were listed.
    const recorded = new Set(
      (await k.selectFrom('schema_migrations').select('version').execute()).map((r) => String(r.version)),
    );
    const pending = [...migrationFiles(folders, db.dialect).keys()].filter((f) => !recorded.has(f));
    await checkSchema(
      db,
      JSON.parse(fs.readFileSync(snapshot, 'utf8')) as Snapshot,
      createdObjects([...files.values()].map((f) => fs.readFileSync(f, 'utf8'))),
      pending,
    );
  }
  return applied;
}

/**
 * What `schema_migrations` says against this build's files. A migration this build does not have refuses the start:
 * after its last file, a newer build ran here; among them, a row was changed by hand. Answers the files without a row
 * before the last one it names (a row deleted, or a file that came late): they are applied, and should one fail,
 * `gapFailed` says why it probably did.
 */
function checkHistory(dialect: string, files: string[], done: Set<string>): string[] {
  const last = files.filter((f) => done.has(f)).at(-1);
  const missing = last ? files.filter((f) => !done.has(f) && f < last) : [];
  const unknown = [...done].filter((v) => !files.includes(v)).sort();
  if (!unknown.length) return missing;
  const newest = files.at(-1);
  if (unknown.every((v) => newest === undefined || v > newest))
    throw new StartupRefusal(
      `This database was migrated by a newer build: its schema_migrations names ${list(unknown)}, which this ` +
        `build does not have (its last is ${files.at(-1) ?? 'none'}); not serving, so as not to answer from a ` +
        `schema it does not know. Run the newer build (or a later one) on it, or restore a backup taken before ` +
        `it was migrated.`,
    );
  throw new StartupRefusal(
    `The database's record of applied migrations (table schema_migrations) was changed: it names ` +
      `${list(unknown)}, which this build does not have` +
      (missing.length ? `, and has no row for ${list(missing)}` : '') +
      `. Not serving. If this build's migrations ran on it, give their rows their file names again ` +
      `(generated/migrations/${dialect}/, migrations/${dialect}/); else restore a backup.`,
  );
}

/** A migration without a row, though later ones have one, failed: most likely it had run and its row was deleted. */
const gapFailed = (file: string, last: string) =>
  ` The database records the later ${last} as applied but not ${file}: its row in schema_migrations was probably ` +
  `deleted or changed. If ${file} did run, put its row back (INSERT INTO schema_migrations (version, applied_at) ` +
  `VALUES ('${file}', '<time>')) and start again.`;

const list = (names: string[]) => names.join(', ');

/** Triggers (name → table) and extensions the migrations create and leave, read from their text in order. */
export interface CreatedObjects {
  triggers: Map<string, string>;
  extensions: Set<string>;
}

const NAME = String.raw`"?([\w$]+)"?`;
const STATEMENT_FORMS: [RegExp, (m: RegExpExecArray, o: CreatedObjects) => void][] = [
  [
    new RegExp(
      String.raw`^CREATE\s+(?:TEMP\w*\s+)?TRIGGER\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}[\s\S]*?\sON\s+${NAME}`,
      'i',
    ),
    (m, o) => o.triggers.set(m[1], m[2]),
  ],
  [new RegExp(String.raw`^DROP\s+TRIGGER\s+(?:IF\s+EXISTS\s+)?${NAME}`, 'i'), (m, o) => o.triggers.delete(m[1])],
  [
    new RegExp(String.raw`^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?${NAME}`, 'i'),
    (m, o) => o.triggers.forEach((t, name) => t === m[1] && o.triggers.delete(name)),
  ],
  [
    new RegExp(String.raw`^ALTER\s+TABLE\s+${NAME}\s+RENAME\s+TO\s+${NAME}`, 'i'),
    (m, o) => o.triggers.forEach((t, name) => t === m[1] && o.triggers.set(name, m[2])),
  ],
  [
    new RegExp(String.raw`^CREATE\s+EXTENSION\s+(?:IF\s+NOT\s+EXISTS\s+)?${NAME}`, 'i'),
    (m, o) => o.extensions.add(m[1]),
  ],
  [new RegExp(String.raw`^DROP\s+EXTENSION\s+(?:IF\s+EXISTS\s+)?${NAME}`, 'i'), (m, o) => o.extensions.delete(m[1])],
];

export function createdObjects(texts: string[]): CreatedObjects {
  const out: CreatedObjects = { triggers: new Map(), extensions: new Set() };
  for (const text of texts)
    for (const stmt of splitStatements(text)) {
      const body = stmt
        .split('\n')
        .filter((line) => !line.trim().startsWith('--'))
        .join('\n')
        .trim();
      for (const [form, apply] of STATEMENT_FORMS) {
        const m = form.exec(body);
        if (m) apply(m, out);
      }
    }
  return out;
}

export function splitStatements(text: string): string[] {
  return text
    .split(/^\s*--;;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.split('\n').some((line) => line.trim() && !line.trim().startsWith('--')));
}

/** The part of codegen's migration snapshot (generated/migrations/snapshot.json) the start check reads. */
export interface Snapshot {
  tables: Record<string, { columns: Record<string, unknown>; indexes?: Record<string, string>; keyword?: string[] }>;
}

/**
 * Compares the database with the snapshot of what the schemas describe and with what the migrations created, in a
 * few catalog queries whatever the number of tables: tables, columns and indexes; each keyword search (SQLite: its
 * full-text table and the triggers that keep it in step, without which new rows are never found; PostgreSQL: its
 * trigram index); the triggers and extensions the migrations created (`created`). Throws a SchemaMismatchError
 * naming each one missing, with what fixes it: codegen has nothing to write then (the schemas and migrations agree),
 * so the advice is to start again when `pending` migrations (written after the folders were read) explain it, else
 * to rename back or restore what was changed outside the migrations. Columns the schemas do not name are reported
 * only beside a missing one (a column renamed by hand).
 */
export async function checkSchema(
  db: Db,
  snapshot: Snapshot,
  made: CreatedObjects = { triggers: new Map(), extensions: new Set() },
  pending: string[] = [],
): Promise<void> {
  const k = db.kysely;
  const created = { triggers: new Map(made.triggers), extensions: made.extensions };
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
  const triggerRows =
    db.dialect === 'sqlite'
      ? await sql<{ t: string; n: string }>`SELECT tbl_name AS t, name AS n FROM sqlite_master
          WHERE type = 'trigger'`.execute(k)
      : await sql<{ t: string; n: string }>`SELECT c.relname AS t, g.tgname AS n FROM pg_trigger g
          JOIN pg_class c ON c.oid = g.tgrelid WHERE NOT g.tgisinternal
          AND c.relnamespace = current_schema()::regnamespace`.execute(k);
  const extensions = new Set(
    db.dialect === 'sqlite'
      ? []
      : (await sql<{ e: string }>`SELECT extname AS e FROM pg_extension`.execute(k)).rows.map((r) => r.e),
  );
  const columns = new Map<string, Set<string>>();
  for (const r of columnRows.rows) {
    let names = columns.get(r.t);
    if (!names) columns.set(r.t, (names = new Set()));
    names.add(r.c);
  }
  const indexes = new Set(indexRows.rows.map((r) => `${r.t}.${r.i}`));
  const triggers = new Set(triggerRows.rows.map((r) => `${r.t}.${r.n}`));

  const problems: string[] = [];
  const renamed: string[] = [];
  for (const [table, spec] of Object.entries(snapshot.tables)) {
    const have = columns.get(table);
    if (!have) {
      problems.push(`table ${table} is missing: the schemas expect it`);
      continue;
    }
    const expected = Object.keys(spec.columns);
    const missing = expected.filter((c) => !have.has(c));
    const extra = [...have].filter((c) => !expected.includes(c));
    if (missing.length && extra.length) renamed.push(`${table} (${extra.join(', ')} → ${missing.join(', ')})`);
    for (const c of missing)
      problems.push(
        `table ${table} has no column ${c}: the schemas expect it` +
          (extra.length ? ` (the table has columns the schemas do not name: ${extra.join(', ')})` : ''),
      );
    for (const i of Object.keys(spec.indexes ?? {}))
      if (!indexes.has(`${table}.${i}`)) problems.push(`table ${table} has no index ${i}: the schemas expect it`);
    if (!spec.keyword) continue;
    const search = `the keyword search of ${table} (${spec.keyword.join(', ')})`;
    if (db.dialect === 'sqlite') {
      if (!columns.has(ftsTable(table))) problems.push(`table ${ftsTable(table)} is missing: ${search} needs it`);
      for (const t of ftsTriggers(table)) {
        created.triggers.delete(t); // said here, in these words
        if (!triggers.has(`${table}.${t}`))
          problems.push(`table ${table} has no trigger ${t}: ${search} misses new and changed rows without it`);
      }
    } else if (!indexes.has(`${table}.${keywordIndexName(table)}`))
      problems.push(`table ${table} has no index ${keywordIndexName(table)}: ${search} needs it`);
  }
  for (const [name, table] of created.triggers)
    if (!triggers.has(`${table}.${name}`)) problems.push(`table ${table} has no trigger ${name}: a migration made it`);
  for (const e of created.extensions)
    if (!extensions.has(e)) problems.push(`the extension ${e} is not installed: a migration installed it`);
  if (problems.length)
    throw new SchemaMismatchError(
      `The database does not match the schemas; not serving.\n${problems.map((p) => `  ${p}`).join('\n')}\n` +
        driftAdvice(db.dialect, pending, renamed),
    );
}

/**
 * What fixes a difference the start check found. Not `npm run codegen`: the schemas, the snapshot and the migrations
 * agree (codegen answers "up to date"); the database is what changed, or has not caught up yet.
 */
function driftAdvice(dialect: string, pending: string[], renamed: string[]): string {
  if (pending.length)
    return (
      `The migrations ${list(pending)} were written after this start read the migration folders (codegen ran ` +
      `meanwhile) and are not applied yet: start again and they are applied first.`
    );
  const own = `a migration of your own in migrations/${dialect}/`;
  return (
    `This build's migrations have all run, so the database was changed outside them. ` +
    (renamed.length
      ? `Columns under other names, ${renamed.join('; ')}: rename them back (ALTER TABLE … RENAME COLUMN in ` +
        `${own}); to keep a new name, put it in the schema with x-admin.renamedFrom and run \`npm run codegen\` ` +
        `after renaming back. If a newer build renamed them, run that build instead. `
      : '') +
    `What was dropped by hand: restore a backup taken before (\`npm run restore -- <file>\`), or make it again ` +
    `in ${own} (copy its statements from generated/migrations/${dialect}/). Then start again.`
  );
}
