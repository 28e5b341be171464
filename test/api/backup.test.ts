/**
 * `npm run backup` copies the SQLite database while the real server serves writes, and the copy passes its
 * integrity check; `npm run restore` refuses while a server has the database open, refuses damaged copies and copies
 * of a newer build, and once the server is stopped puts the copy in place, where the next server finds its data.
 * The server's periodic backups keep the newest copies. On PostgreSQL both commands point to pg_dump / pg_restore.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/core/config';
import { integrityCheck, restoreSqlite, RestoreRefused } from '../../src/server/core/backup';
import { startServer, type TestServer } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/** Runs `npm run <script> -- <file>` as a user would (the tsx scripts) against `env`: its exit code and output. */
async function command(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', `scripts/${script}.ts`, file], {
      cwd: root,
      env: { ...process.env, LOG: '0', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? 1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

const brandCount = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM pms_brand').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('SQLite backup and restore', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-backup-'));
  const dbFile = path.join(dir, 'marketplace.db');
  const copy = path.join(dir, 'copies', 'backup.db');
  const env = { SQLITE_FILE: dbFile, DATABASE_URL: '' };
  let s: TestServer | undefined;
  let token: string;
  let atBackup = { min: 0, max: 0 };

  beforeAll(async () => {
    // The run's migrated demo database when there is one (as the other tests start from), else seeded here.
    const template = inject('dbTemplates').sqlite;
    if (template) fs.copyFileSync(template, dbFile);
    s = await startServer({ config: { sqliteFile: dbFile } });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies the database while the server serves writes, and the copy is whole', async () => {
    let writing = true;
    let written = 0;
    let duringBackup = 0;
    let backingUp = false;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const env = await s!.api('POST', '/brand/create', { name: `Backup brand ${i}` }, { token });
        expect(env.code).toBe(200);
        written++;
        if (backingUp) duringBackup++;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const before = brandCount(dbFile);
    backingUp = true;
    const result = await command('backup', copy, env);
    backingUp = false;
    writing = false;
    await writer;
    const after = brandCount(dbFile);
    expect(result.out).toMatch(/integrity ok/);
    expect(result.code).toBe(0);
    // The server kept writing while the copy was made.
    expect(duringBackup).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(duringBackup);
    expect(integrityCheck(copy)).toBe('ok');
    const inCopy = brandCount(copy);
    expect(inCopy).toBeGreaterThanOrEqual(before);
    expect(inCopy).toBeLessThanOrEqual(after);
    atBackup = { min: inCopy, max: after };
  });

  it('refuses to overwrite an existing file', async () => {
    const r = await command('backup', copy, env);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/exists already/);
  });

  it('refuses to restore while the server has the database open', async () => {
    const r = await command('restore', copy, env);
    expect(r.out).toMatch(/in use by another process/);
    expect(r.code).toBe(1);
    expect(brandCount(dbFile)).toBe(atBackup.max);
    expect((await s!.api('GET', '/brand/list', undefined, { token, query: { pageSize: 1 } })).code).toBe(200);
  });

  it('refuses a damaged copy and a copy made by a newer build', () => {
    const damaged = path.join(dir, 'damaged.db');
    fs.writeFileSync(damaged, fs.readFileSync(copy).subarray(0, 8192));
    expect(() => restoreSqlite(damaged, dbFile)).toThrow(RestoreRefused);
    const newer = path.join(dir, 'newer.db');
    fs.copyFileSync(copy, newer);
    const db = new Database(newer);
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run('9999_future.sql', 'now');
    db.close();
    expect(() => restoreSqlite(newer, dbFile)).toThrow(/newer build.*9999_future\.sql/);
  });

  it('restores once the server is stopped, and the next server serves the copy', async () => {
    await s!.close();
    s = undefined;
    const r = await command('restore', copy, env);
    expect(r.out).toMatch(/^Restored /);
    expect(r.code).toBe(0);
    expect(fs.existsSync(`${dbFile}-wal`)).toBe(false);
    expect(fs.existsSync(`${dbFile}.before-restore`)).toBe(true);
    expect(brandCount(`${dbFile}.before-restore`)).toBe(atBackup.max);
    s = await startServer({ config: { sqliteFile: dbFile } });
    token = await s.login('admin', 'admin123');
    const total = (await s.api('GET', '/brand/list', undefined, { token, query: { pageSize: 1 } })).data.total;
    expect(total).toBe(atBackup.min);
    if (atBackup.max > atBackup.min) expect(total).toBeLessThan(atBackup.max);
  });
});

describe('periodic backups by the server', () => {
  let s: TestServer;
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-backups-'));
  beforeAll(async () => {
    s = await startServer({ config: { backup: { every: 150, keep: 2, dir: backups }, metricsToken: 't' } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(backups, { recursive: true, force: true });
  });

  it('writes a copy at each interval off the request path and keeps the newest', async () => {
    const copies = () => fs.readdirSync(backups).filter((f) => f.endsWith('.db'));
    for (let i = 0; i < 100 && copies().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    // Past two intervals more: the oldest were pruned.
    await new Promise((r) => setTimeout(r, 1100));
    const names = copies().sort();
    expect(names.length).toBe(2);
    expect(names.every((n) => /^marketplace-\d{8}T\d{6}Z\.db$/.test(n))).toBe(true);
    expect(integrityCheck(path.join(backups, names[1]))).toBe('ok');
    expect(brandCount(path.join(backups, names[1]))).toBeGreaterThan(0);
    const metrics = await (await fetch(`${s.base}/metrics`, { headers: { authorization: 'Bearer t' } })).text();
    expect(metrics).toMatch(/^backup_last_success_timestamp_seconds \d/m);
  });
});

describe.runIf(process.env.DATABASE_URL)('backup commands on PostgreSQL', () => {
  it('point to pg_dump and pg_restore', async () => {
    const env = { DATABASE_URL: process.env.DATABASE_URL! };
    const file = path.join(os.tmpdir(), `mpa-never-${process.pid}.db`);
    const b = await command('backup', file, env);
    expect(b.code).toBe(1);
    expect(b.out).toMatch(/pg_dump -Fc/);
    const r = await command('restore', file, env);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/pg_restore/);
    expect(loadConfig(env).databaseUrl).toBe(env.DATABASE_URL);
  });
});
