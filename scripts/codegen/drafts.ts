/**
 * Which generated migrations are drafts: files in generated/migrations/{sqlite,postgres} that git does not have at
 * HEAD and the SQLite dev database (`SQLITE_FILE`, else `DATA_DIR`/marketplace.db) has not applied. No database has
 * run them, so codegen writes them again from the committed snapshot when the schemas change before a commit.
 * With DATABASE_URL set, none. Only one such migration (sqlite and postgres) is a draft; outside a git checkout, with several, or once the dev
 * database ran it, there are none.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { Drafts } from './model';

const git = (root: string, args: string[]) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** The migrations the SQLite dev database records as run (none when it does not exist). */
function appliedInDevDatabase(root: string): Set<string> {
  const file = process.env.SQLITE_FILE
    ? resolve(root, process.env.SQLITE_FILE)
    : join(resolve(root, process.env.DATA_DIR ?? './data'), 'marketplace.db');
  if (!existsSync(file)) return new Set();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT version FROM schema_migrations').all() as { version: string }[];
    return new Set(rows.map((r) => r.version));
  } catch {
    return new Set();
  } finally {
    db.close();
  }
}

export function readDrafts(root: string): Drafts | undefined {
  // A PostgreSQL dev database is not read here: whatever it ran stays as written.
  if (process.env.DATABASE_URL) return undefined;
  const dir = join(root, 'generated', 'migrations');
  let committed: Set<string>;
  let base: string;
  try {
    committed = new Set(git(root, ['ls-tree', '-r', '--name-only', 'HEAD', 'generated/migrations']).split('\n'));
    base = git(root, ['show', 'HEAD:generated/migrations/snapshot.json']);
  } catch {
    return undefined;
  }
  const files = ['sqlite', 'postgres'].flatMap((sub) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .filter((f) => f.endsWith('.sql') && !committed.has(`generated/migrations/${sub}/${f}`))
          .map((f) => `${sub}/${f}`)
      : [],
  );
  // One migration (its two dialects): of several, which snapshot came between them is unknown.
  const numbers = new Set(files.map((f) => /\/(\d{4})_/.exec(f)?.[1]));
  if (files.length !== 2 || numbers.size !== 1 || !files.some((f) => f.startsWith('sqlite/'))) return undefined;
  const applied = appliedInDevDatabase(root);
  if (files.some((f) => applied.has(basename(f)))) return undefined;
  return { files, base };
}
