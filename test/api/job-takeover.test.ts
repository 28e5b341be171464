import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { actions } from '../../generated/actions';
import { tables } from '../../generated/database';
import { JobKind, JobStatus } from '../../generated/enums';
import { createPgDatabase, dialects, startServer, type TestServer } from './helpers';

/**
 * Jobs on a database several processes share: a job whose process was killed (kill -9: no graceful stop, its lease
 * never renewed) is taken over by another process and completed, each row stored once; and on PostgreSQL a claim
 * skips a queued job another transaction holds (`FOR UPDATE SKIP LOCKED`) instead of waiting for it.
 */
describe.each(dialects)('jobs taken over on %s', (dialect) => {
  const jobs = { poll: 100, keep: 86_400_000, batch: 10, lanes: 2, rest: 40, slice: 10, lease: 3000 };
  const dirs: string[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const pause = (ms = 100) => new Promise((r) => setTimeout(r, ms));

  /** A copy of the suite's migrated demo database: a SQLite file, or a PostgreSQL database's URL. */
  async function database(): Promise<{ sqliteFile?: string; databaseUrl?: string }> {
    const templates = inject('dbTemplates');
    if (dialect === 'postgres') {
      const db = await createPgDatabase(templates.postgres);
      closers.push(db.drop);
      return { databaseUrl: db.url };
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-takeover-'));
    dirs.push(dir);
    const sqliteFile = path.join(dir, 'shared.db');
    fs.copyFileSync(templates.sqlite!, sqliteFile);
    return { sqliteFile };
  }

  /** A server in a process of its own on `db`; resolves once it listens. */
  async function serverProcess(db: object): Promise<{ child: ChildProcess; url: string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-proc-'));
    dirs.push(dataDir);
    // A long rest after each batch: the import is still storing once the other server has started beside it.
    const slow = { ...jobs, rest: 250 };
    const config = {
      ...db,
      dataDir,
      jwtSecret: 'test-secret',
      demo: true,
      uiDir: path.join(dataDir, 'no-ui'),
      jobs: slow,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/api/job-process.ts'], {
      env: { ...process.env, JOB_PROCESS_CONFIG: JSON.stringify(config) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    closers.push(async () => child.kill('SIGKILL'));
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /listening (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.on('exit', (code) => reject(new Error(`the server process exited (${code}): ${out}`)));
    });
    return { child, url };
  }

  const call = async (base: string, method: string, p: string, token?: string, body?: string, type?: string) =>
    (await (
      await fetch(`${base}/api${p}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': type ?? 'application/json' } : {}),
        },
        body,
      })
    ).json()) as { code: number; message: string; data: any };

  it('completes the import of a process killed while it stored its rows, in another process, each row once', async () => {
    const db = await database();
    const a = await serverProcess(db);
    const token = (
      await call(a.url, 'POST', '/admin/login', undefined, JSON.stringify({ username: 'admin', password: 'admin123' }))
    ).data.token as string;
    const shop = (await call(a.url, 'GET', '/shop/list?pageSize=1', token)).data.list[0].id;
    const csv = ['username,country,shopId', ...Array.from({ length: 300 }, (_, i) => `killed.${i},US,${shop}`)];
    const queued = await call(a.url, 'POST', '/member/import/job', token, csv.join('\n'), 'text/csv');
    expect(queued.code, queued.message).toBe(200);
    const id = queued.data.id as number;
    const stored = async (base: string) =>
      (await call(base, 'GET', '/member/list?keyword=killed.&pageSize=1', token)).data.total as number;
    const running = async (base: string) => {
      const j = (await call(base, 'GET', `/job/${id}`, token)).data;
      expect(j.status, JSON.stringify(j)).toBe(JobStatus.running);
      return j;
    };
    // Picked up (a busy machine may answer the queuing before the process starts the job), then storing: some
    // batches stored, the rest not yet.
    while ((await call(a.url, 'GET', `/job/${id}`, token)).data.status === JobStatus.queued) await pause(20);
    let j = await running(a.url);
    while (!(j.done >= j.total && (await stored(a.url)) > 0)) {
      await pause(20);
      j = await running(a.url);
    }
    const claimed = j.startTime;
    // Another process on the same database while the first is alive: the job stays the first's (its lease renewed),
    // which stores more.
    const b: TestServer = await startServer({ dialect, config: { ...db, jobs } });
    closers.push(() => b.close());
    const before = await stored(a.url);
    while ((await stored(a.url)) === before) {
      await running(a.url);
      await pause(20);
    }
    expect((await running(a.url)).startTime).toBe(claimed);

    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    const admin = await b.login('admin', 'admin123');
    const job = async () => (await b.api('GET', `/job/${id}`, undefined, { token: admin })).data;
    // Its lease runs out: the other process takes it over (a claim of its own) and completes it.
    while (![JobStatus.done, JobStatus.failed, JobStatus.cancelled].includes((j = await job()).status)) await pause();
    expect(j, JSON.stringify(j)).toMatchObject({ status: JobStatus.done, result: { imported: 300, refused: [] } });
    expect(j.startTime).not.toBe(claimed);
    expect(await stored(b.url)).toBe(300);
  }, 180_000);

  it.runIf(dialect === 'postgres')(
    'claims the next queued job while another transaction holds the oldest',
    async () => {
      // No polling: the runner looks only when a new job kicks it, after the oldest is locked (a poll between the
      // insert and the lock would take it first).
      const s = await startServer({ dialect, config: { jobs: { ...jobs, poll: 3_600_000 } } });
      closers.push(() => s.close());
      const token = await s.login('admin', 'admin123');
      const kick = async () =>
        expect((await s.api('POST', actions.brand.exportJob.url, undefined, { token })).code).toBe(200);
      const insert = () =>
        s.built.db.kysely
          .insertInto(tables.job)
          .values({
            kind: JobKind.export,
            entity: 'brand',
            status: JobStatus.queued,
            done: 0,
            params: JSON.stringify({ query: {}, lang: 'en' }),
            admin_id: 1,
            username: 'admin',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const client = new pg.Client({ connectionString: s.config.databaseUrl });
      await client.connect();
      closers.push(() => client.end());
      await client.query('BEGIN');
      const first = Number((await insert()).id);
      const second = Number((await insert()).id);
      // The oldest queued job locked by a transaction still open (another claim in flight).
      await client.query(`SELECT id FROM ${tables.job} WHERE id = $1 FOR UPDATE`, [first]);
      const job = async (id: number) => (await s.api('GET', `/job/${id}`, undefined, { token })).data;
      // The runner takes the second job, not waiting on the first.
      await kick();
      while ((await job(second)).status !== JobStatus.done) await pause();
      expect((await job(first)).status).toBe(JobStatus.queued);
      await client.query('COMMIT');
      await kick();
      while ((await job(first)).status !== JobStatus.done) await pause();
    },
  );
});
