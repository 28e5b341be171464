import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { BackupConfig } from './config.js';
import type { Db } from './db.js';
import { HAND_MIGRATIONS_DIR, MIGRATIONS_DIR, migrationFiles } from './migrate.js';
import { codeOf } from './thrown.js';

/**
 * SQLite backups and restores. `npm run backup` (scripts/backup.ts) copies the database while servers serve it
 * (`VACUUM INTO`: one read transaction, a consistent and compact copy; WAL readers do not hold writers back) and
 * checks the copy; the server can also copy it periodically (`startPeriodicBackups`). `npm run restore`
 * (scripts/restore.ts) refuses while any process has the database open, checks the copy, then swaps it in.
 * PostgreSQL has its own tools (pg_dump / pg_restore, README "Backups"). Uploaded pictures are rows of the database
 * (table sys_picture, domains/upload/storage.ts) on both dialects, so either backup holds them: nothing else to copy.
 */

/** `PRAGMA integrity_check` of a database file: `ok`, or what it found wrong (the first lines). */
export function integrityCheck(file: string): string {
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('integrity_check(20)') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('\n');
  } catch (e) {
    // Not a database at all, or too damaged to open: SQLite says so ("file is not a database").
    return e instanceof Error ? e.message : String(e);
  } finally {
    db?.close();
  }
}

/** A consistent copy of the SQLite database `source` into the new file `target` (refused if it exists). */
export function copySqlite(source: string, target: string): void {
  if (fs.existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const tmp = `${target}.partial`;
  fs.rmSync(tmp, { force: true });
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(tmp);
  } finally {
    db.close();
  }
  fs.renameSync(tmp, target);
}

/** The migration files recorded in a database's `schema_migrations` (empty for a database never migrated). */
export function appliedMigrations(file: string): string[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).get();
    if (!table) return [];
    return db
      .prepare<[], { version: string }>('SELECT version FROM schema_migrations ORDER BY version')
      .all()
      .map((r) => r.version);
  } finally {
    db.close();
  }
}

/** The SQLite migrations this build has (generated and hand-written). */
export function knownMigrations(dirs = [MIGRATIONS_DIR, HAND_MIGRATIONS_DIR]): Set<string> {
  return new Set(migrationFiles(dirs, 'sqlite').keys());
}

/**
 * Whether another connection (a server, a seed, a sqlite3 shell: any process) has the database open. In WAL mode
 * each open connection holds a shared lock on the `-shm` file for as long as it is open, even idle, so taking the
 * database in exclusive locking mode fails at once while one does. Without one it succeeds; closing that
 * connection checkpoints the WAL into the file and deletes the `-wal`/`-shm` files.
 */
export function inUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const db = new Database(file, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return false;
  } catch (e) {
    if (String(codeOf(e)).startsWith('SQLITE_BUSY')) return true;
    throw e;
  } finally {
    db.close();
  }
}

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

/**
 * Replaces the database `file` by the backup `from`, after checking: no process has `file` open, the backup passes
 * `PRAGMA integrity_check`, and every migration it records is one this build has (a backup made by a newer build
 * would have tables and columns this server does not know; an older one is fine: the server applies the rest at
 * its next start). The backup is copied next to `file`, flushed, then renamed over it (a crash leaves either the old
 * or the new database, never half of one); stale `-wal`/`-shm` files are removed; the replaced database is kept as
 * `<file>.before-restore`.
 */
export function restoreSqlite(from: string, file: string): { migrations: number; kept?: string } {
  if (!fs.existsSync(from)) throw new RestoreRefused(`No backup at ${from}`);
  const integrity = integrityCheck(from);
  if (integrity !== 'ok') throw new RestoreRefused(`The backup ${from} is damaged (integrity_check):\n${integrity}`);
  const applied = appliedMigrations(from);
  if (!applied.length) throw new RestoreRefused(`${from} is not a database of this application (no migrations)`);
  const known = knownMigrations();
  const unknown = applied.filter((m) => !known.has(m));
  if (unknown.length)
    throw new RestoreRefused(
      `The backup was made by a newer build: it has migrations this build does not know (${unknown.join(', ')}). ` +
        `Restore it with that build.`,
    );
  const refuse = () =>
    new RestoreRefused(`${file} is in use by another process (a running server?): stop it, then restore.`);
  if (inUse(file)) throw refuse();
  const tmp = `${file}.restore-${process.pid}`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.copyFileSync(from, tmp);
    const fd = fs.openSync(tmp, 'r+');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    // Checked again right before the swap: a server may have started while the copy was written.
    if (inUse(file)) throw refuse();
    let kept: string | undefined;
    if (fs.existsSync(file)) {
      kept = `${file}.before-restore`;
      fs.rmSync(kept, { force: true });
      try {
        fs.linkSync(file, kept);
      } catch {
        fs.copyFileSync(file, kept); // a file system without hard links
      }
    }
    fs.renameSync(tmp, file);
    // The old database's WAL and shared memory would be read as the new one's.
    for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${file}${suffix}`, { force: true });
    return { migrations: applied.length, kept };
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

const PERIODIC = /^marketplace-\d{8}T\d{6}Z\.db$/;

/** `marketplace-20261127T013000Z.db`: sorts by time. */
export const periodicName = (at: Date) =>
  `marketplace-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.db`;

/** Deletes all but the `keep` newest periodic copies in `dir` (other files there are left alone). */
export function prune(dir: string, keep: number): string[] {
  const copies = fs
    .readdirSync(dir)
    .filter((f) => PERIODIC.test(f))
    .sort();
  const gone = copies.slice(0, Math.max(0, copies.length - keep));
  for (const f of gone) fs.rmSync(path.join(dir, f), { force: true });
  return gone;
}

/**
 * Copies the SQLite database into `dir` every `every` ms through the server's own connection (db.backup: a few
 * pages per turn of the event loop, so requests keep being served), keeping the `keep` newest copies. A copy is
 * written under a temporary name and renamed once complete. Returns the stop function, which waits for a copy
 * under way. PostgreSQL: nothing here (pg_dump from cron, README "Backups").
 */
export function startPeriodicBackups(
  db: Db,
  config: BackupConfig & { dir: string },
  hooks: { info(line: string): void; error(line: string): void; done?(at: Date): void },
): () => Promise<void> {
  if (!config.every) return async () => {};
  const backup = db.backup?.bind(db);
  if (!backup) {
    hooks.error('BACKUP_EVERY is for SQLite; back PostgreSQL up with pg_dump (README "Backups")');
    return async () => {};
  }
  let running: Promise<void> | undefined;
  const run = async () => {
    const at = new Date();
    const file = path.join(config.dir, periodicName(at));
    const tmp = `${file}.partial`;
    try {
      fs.mkdirSync(config.dir, { recursive: true });
      await backup(tmp);
      fs.renameSync(tmp, file);
      const gone = prune(config.dir, config.keep);
      hooks.info(`backup written: ${file}${gone.length ? ` (removed ${gone.length} older)` : ''}`);
      hooks.done?.(at);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      hooks.error(`backup failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const timer = setInterval(() => {
    if (!running) running = run().finally(() => (running = undefined));
  }, config.every);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
