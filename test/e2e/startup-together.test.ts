/**
 * Server processes started together on a new database (a deployment's replicas, WORKERS > 1 after an upgrade) all
 * come up: one applies the migrations and seeds while the others wait their turn, then find nothing left to do.
 * A database the start-up refuses (a newer build's, a keyword search's trigger or index dropped) ends the process
 * with exit code 1 and a message, no stack trace. On PostgreSQL and SQLite, with the built server (`npm run build`).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { serveCommand } from '../../scripts/serve-command';
import { HAND_MIGRATIONS_DIR, migrationFiles, MIGRATIONS_DIR } from '../../src/server/core/migrate';
import { createPgDatabase } from '../api/helpers';
import { suiteEnv } from '../db-templates';
import { startServer, type Running } from './harness';

const PROCESSES = 3;
const targets = process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

describe.each(targets)('server processes started together on a new %s database', (dialect) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('all come up; the migrations are applied once and the database seeded once', async () => {
    let env: Record<string, string>;
    let query: (text: string) => Promise<Record<string, unknown>[]>;
    if (dialect === 'postgres') {
      const db = await createPgDatabase(); // empty: no template
      cleanup.push(() => db.drop());
      env = { DATABASE_URL: db.url };
      query = async (text) => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          return (await c.query(text)).rows;
        } finally {
          await c.end();
        }
      };
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'mpa-together-'));
      cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
      // Not the harness's DATA_DIR/marketplace.db, which it would start from the run's template.
      const file = join(dir, 'shared.db');
      env = { SQLITE_FILE: file };
      query = async (text) => {
        const d = new Database(file, { readonly: true });
        try {
          return d.prepare(text).all() as Record<string, unknown>[];
        } finally {
          d.close();
        }
      };
    }
    const started = await Promise.allSettled(
      Array.from({ length: PROCESSES }, () => startServer({ ...env, LOG: '1', JWT_SECRET: 'shared' })),
    );
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    cleanup.push(() => Promise.all(up.map((s: Running) => s.stop())));
    const failed = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failed).toEqual([]);

    const files = [...migrationFiles([MIGRATIONS_DIR, HAND_MIGRATIONS_DIR], dialect).keys()];
    const recorded = (await query('SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version);
    expect(recorded).toEqual(files);
    // Each applied by one process only (each logs the files it applies).
    const applied = up.flatMap((s) => s.log().match(/applied migration \S+/g) ?? []).sort();
    expect(applied).toEqual(files.map((f) => `applied migration ${dialect}/${f}`).sort());
    // Seeded once: one super admin, each role once.
    expect(await query("SELECT id FROM ums_admin WHERE username = 'admin'")).toHaveLength(1);
    const roles = await query('SELECT name, count(*) AS n FROM ums_role GROUP BY name');
    expect(roles.filter((r) => Number(r.n) !== 1)).toEqual([]);
    // Each answers.
    for (const s of up) expect((await fetch(`${s.url}/api/ready`)).status).toBe(200);
  });
});

/** Runs the built server until it exits (it is expected to refuse): its exit code and what it printed. */
function refusedRun(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const serve = serveCommand();
  const child = spawn(process.execPath, serve.args, {
    env: { ...process.env, ...suiteEnv(), ...serve.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

describe.each(targets)('a %s database the server refuses to start on', (dialect) => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  /** A copy of the run's migrated demo database, changed by `change`; the server's environment for it. */
  async function changedCopy(change: string): Promise<Record<string, string>> {
    const templates = inject('dbTemplates');
    if (dialect === 'postgres') {
      const db = await createPgDatabase(templates.postgres);
      cleanup.push(() => db.drop());
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query(change);
      await c.end();
      return { DATABASE_URL: db.url };
    }
    const dir = mkdtempSync(join(tmpdir(), 'mpa-refused-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'copy.db');
    copyFileSync(templates.sqlite!, file);
    const d = new Database(file);
    d.exec(change);
    d.close();
    return { SQLITE_FILE: file };
  }

  it.each([
    [
      'a newer build migrated it',
      "INSERT INTO schema_migrations (version, applied_at) VALUES ('9990_newer.sql', '2030-01-01')",
      'This database was migrated by a newer build',
    ],
    dialect === 'sqlite'
      ? ['a keyword trigger was dropped', 'DROP TRIGGER pms_product_fts_ai', 'has no trigger pms_product_fts_ai']
      : ['a keyword index was dropped', 'DROP INDEX idx_pms_product_kw', 'has no index idx_pms_product_kw'],
  ])('%s: exit code 1, the message alone', async (_name, change, said) => {
    const { code, output } = await refusedRun({ ...(await changedCopy(change)), LOG: '0' });
    expect(code).toBe(1);
    expect(output).toContain(said);
    expect(output).not.toMatch(/\n\s+at /);
  });
});
