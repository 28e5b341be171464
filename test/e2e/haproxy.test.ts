/**
 * The shipped deployment under test: Debian's HAProxy with deploy/haproxy.cfg in front of three `npm run serve`
 * processes (`WORKERS=1`) on one PostgreSQL database, under a mixed read/write load on loopback:
 * - kill -9 of one process: the only requests that fail are ones HAProxy had sent to it, and every acknowledged write
 *   is stored;
 * - a rolling restart (SIGTERM each process in turn, start it again once it exited): no request fails, no
 *   acknowledged write is lost, and HAProxy takes each out on its readiness before it stops listening;
 * - the login throttle counts in the database: the 6th wrong password of one account from one address is refused,
 *   whichever process takes it;
 * - kill -9 of the process running an import: another process takes the job over once its lease ran out and
 *   finishes it, every row stored once.
 * PostgreSQL only; HAProxy is installed by .ci/run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tables } from '../../generated/database';
import { JobStatus } from '../../generated/enums';
import { Messages } from '../../src/shared/messages';
import { serveCommand } from '../../scripts/serve-command';
import { createPgDatabase } from '../api/helpers';
import { suiteEnv } from '../db-templates';
import { freePort } from './spawn-server';

type Env = { code: number; message: string; data: any };

/** Polls `check` every 100 ms until it holds (a state to reach, not a timing asserted). */
async function until(what: string, check: () => Promise<boolean> | boolean, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check()); await sleep(100))
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
}

interface Proc {
  port: number;
  child: ChildProcess;
  /** Its own environment beside the shared one (kept when it is started again). */
  more: Record<string, string>;
  output(): string;
}

/**
 * The jobs of the first process, the one killed while it runs an import: 2,000 rows take 200 batches and 30 s of
 * rests, ample time to kill it; the others run jobs at the default pace.
 */
const SLOW_JOBS = { JOB_BATCH: '10', JOB_REST: '150ms' };

describe.skipIf(!process.env.DATABASE_URL)('HAProxy in front of three processes on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof createPgDatabase>>;
  let dir: string;
  let env: Record<string, string>;
  const procs: Proc[] = [];
  let haproxy: ChildProcess;
  let haproxyLog = '';
  let front: string;
  let socket: string;
  let token: string;

  /** `npm run serve` on `port` (with `more` environment); resolves once it is ready. */
  async function serve(port: number, more: Record<string, string> = {}): Promise<Proc> {
    const cmd = serveCommand();
    let out = '';
    const child = spawn(process.execPath, cmd.args, {
      env: { ...process.env, ...suiteEnv(), ...cmd.env, ...env, ...more, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const proc = { port, child, more, output: () => out };
    // Three processes starting at once on a loaded machine may take their time: wait, and say what they printed.
    await until(
      `the server on port ${port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`the server on port ${port} exited:\n${out}`);
        return fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.ok,
          () => false,
        );
      },
      90_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}; it printed:\n${out}`);
    });
    return proc;
  }

  /** HAProxy's view of the backend's servers (`show stat` on its admin socket): name → status and sessions. */
  function servers(): Promise<Map<string, { status: string; sessions: number }>> {
    return new Promise((resolve, reject) => {
      let text = '';
      const c = createConnection(socket, () => c.end('show stat\n'));
      c.setEncoding('utf8');
      c.on('data', (d) => (text += d));
      c.on('error', reject);
      c.on('end', () => {
        const [head, ...rows] = text.trim().split('\n');
        const cols = head!.replace(/^# /, '').split(',');
        const at = (name: string) => cols.indexOf(name);
        const map = new Map<string, { status: string; sessions: number }>();
        for (const row of rows.map((r) => r.split(',')))
          if (row[at('pxname')] === 'app' && /^app\d$/.test(row[at('svname')]!))
            map.set(row[at('svname')]!, { status: row[at('status')]!, sessions: Number(row[at('stot')]) });
        resolve(map);
      });
    });
  }
  const upInHaproxy = (i: number) =>
    until(`app${i + 1} up in HAProxy`, async () => (await servers()).get(`app${i + 1}`)?.status === 'UP');

  beforeAll(async () => {
    expect(existsSync('dist/server/main.mjs'), 'run `npm run build:server` first').toBe(true);
    db = await createPgDatabase(inject('dbTemplates').postgres);
    dir = mkdtempSync(join(tmpdir(), 'mpa-haproxy-'));
    env = {
      DATABASE_URL: db.url,
      JWT_SECRET: 'shared-by-every-process',
      LOG: '0',
      WORKERS: '1',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      // A job left by a killed process is taken over once nothing renewed its lease for 3 s (1 min by default).
      JOB_LEASE: '3s',
      // As deployed: a stopping process listens until HAProxy's health check has taken it out.
      SHUTDOWN_DELAY: /^SHUTDOWN_DELAY=(\S+)$/m.exec(readFileSync('deploy/marketplace-admin.env', 'utf8'))![1]!,
    };
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    procs.push(...(await Promise.all(ports.slice(0, 3).map((p, i) => serve(p, i === 0 ? SLOW_JOBS : {})))));
    socket = join(dir, 'haproxy.sock');
    front = `http://127.0.0.1:${ports[3]}`;
    haproxy = spawn('haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
      env: {
        ...process.env,
        MPA_HAPROXY_BIND: `127.0.0.1:${ports[3]}`,
        MPA_HAPROXY_SOCKET: socket,
        ...Object.fromEntries(procs.map((p, i) => [`MPA_APP${i + 1}`, `127.0.0.1:${p.port}`])),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    haproxy.stdout!.on('data', (d) => (haproxyLog += d));
    haproxy.stderr!.on('data', (d) => (haproxyLog += d));
    await until('HAProxy', () => existsSync(socket));
    for (let i = 0; i < 3; i++) await upInHaproxy(i);
    const res = await call(front, 'POST', '/admin/login', { username: 'admin', password: 'admin123' });
    expect(res.env?.code).toBe(200);
    token = res.env!.data.token;
  }, 240_000);

  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await Promise.all(
      procs.map(async (p) => {
        if (p.child.exitCode !== null || p.child.signalCode) return;
        p.child.kill('SIGCONT'); // one a failed test left paused
        p.child.kill('SIGTERM');
        await new Promise((r) => p.child.once('exit', r));
      }),
    );
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // Idle sockets are closed before HAProxy's keep-alive timeout (its `timeout http-request`, 10 s) would close them
  // under a request just being sent: that race is the client's, whatever the servers behind do. Browsers retry it;
  // this client does not, so it leaves no socket idle that long.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16, timeout: 5_000 });

  /** One JSON call: the envelope when HTTP 200 carried one, else what went wrong. */
  function call(
    base: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ env?: Env; error?: string }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve) => {
      const req = http.request(
        `${base}/api${path}`,
        {
          method,
          agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('error', (e) => resolve({ error: String(e) }));
          res.on('end', () => {
            if (res.statusCode !== 200) return resolve({ error: `HTTP ${res.statusCode}` });
            try {
              resolve({ env: JSON.parse(text) as Env });
            } catch {
              resolve({ error: `not JSON: ${text.slice(0, 80)}` });
            }
          });
        },
      );
      req.on('error', (e) => resolve({ error: String(e) }));
      req.end(payload);
    });
  }

  interface Outcome {
    id: string;
    start: number;
    ok: boolean;
    detail?: string;
  }

  /**
   * Six clients through HAProxy, each alternating a brand created (a write, acknowledged when answered 200) and a
   * list read, until `stop` resolves.
   */
  async function load(tag: string, stop: Promise<void>) {
    let stopped = false;
    void stop.then(() => (stopped = true));
    const outcomes: Outcome[] = [];
    const acknowledged: string[] = [];
    let inFlight = 0;
    let started = 0;
    const client = async (c: number) => {
      for (let i = 0; !stopped; i++) {
        const id = randomUUID();
        const name = `lb-${tag}-${c}-${i}`;
        const write = i % 2 === 0;
        const start = performance.now();
        inFlight++;
        started++;
        const res = write
          ? await call(front, 'POST', '/brand/create', { name, firstLetter: 'L' }, { 'x-request-id': id })
          : await call(front, 'GET', '/brand/list?pageSize=5', undefined, { 'x-request-id': id });
        inFlight--;
        const ok = res.env?.code === 200;
        outcomes.push({ id, start, ok, detail: res.error ?? (ok ? undefined : res.env?.message) });
        if (ok && write) acknowledged.push(name);
        // A bounded load: the cores are also starting the restarted processes.
        await sleep(20);
      }
    };
    const done = Promise.all(Array.from({ length: 6 }, (_, c) => client(c)));
    return { done: done.then(() => ({ outcomes, acknowledged })), inFlight: () => inFlight, started: () => started };
  }

  /** Acknowledged names the database does not hold. */
  async function lost(names: string[]): Promise<string[]> {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT name FROM ${tables.brand} WHERE name = ANY($1)`, [names]);
      const stored = new Set(rows.map((r: { name: string }) => r.name));
      return names.filter((n) => !stored.has(n));
    } finally {
      await client.end();
    }
  }

  it('counts wrong passwords in the database: the 6th of one account from one address is refused on any process', async () => {
    const guess = async (p: Proc, username: string, ip: string, n: number) =>
      (
        await call(
          `http://127.0.0.1:${p.port}`,
          'POST',
          '/admin/login',
          { username, password: `guess-${n}` },
          { 'x-forwarded-for': ip, authorization: '' },
        )
      ).env?.message;
    // Spread over the three processes in turn, and all to one of them: the same five wrong passwords, then refusals.
    const spread = [];
    for (let n = 0; n < 9; n++) spread.push(await guess(procs[n % 3]!, 'operator', '10.77.0.1', n));
    const alone = [];
    for (let n = 0; n < 9; n++) alone.push(await guess(procs[0]!, 'seller2', '10.77.0.2', n));
    const accepted = (answers: (string | undefined)[]) => answers.filter((m) => m === Messages.badCredentials).length;
    console.log(`wrong passwords checked before refusal: ${accepted(alone)} on 1 process, ${accepted(spread)} over 3`);
    for (const answers of [spread, alone]) {
      expect(answers.slice(0, 5)).toEqual(Array(5).fill(Messages.badCredentials));
      expect(answers.slice(5)).toEqual(Array(4).fill(Messages.tooManyAttempts));
    }
  });

  it('rolling restart (SIGTERM each in turn, started again): no request fails, no acknowledged write is lost', async () => {
    let stop!: () => void;
    const running = await load('roll', new Promise<void>((r) => (stop = r)));
    const before = await servers();
    for (let i = 0; i < 3; i++) {
      await sleep(500);
      const old = procs[i]!;
      const exited = new Promise<number | null>((r) => old.child.once('exit', r));
      old.child.kill('SIGTERM');
      const code = await exited;
      expect(code, old.output()).toBe(0);
      procs[i] = await serve(old.port, old.more);
      await upInHaproxy(i);
    }
    await sleep(500);
    stop();
    const { outcomes, acknowledged } = await running.done;
    const failed = outcomes.filter((o) => !o.ok);
    console.log(
      `rolling restart: ${outcomes.length} requests, ${failed.length} failed, ${acknowledged.length} writes acknowledged`,
    );
    const logged = (id: string) => haproxyLog.split('\n').find((l) => l.includes(`{${id}}`)) ?? 'not in the log';
    // HAProxy's health checks say when a server went down or came up, and why.
    const checks = haproxyLog.split('\n').filter((l) => /^Server app\/app\d is (UP|DOWN)/.test(l));
    expect(
      failed.map((f) => `${f.detail}: ${logged(f.id)}`),
      checks.join('\n'),
    ).toEqual([]);
    // Each was taken out while it still listened (its readiness said 503), never by a connection it refused: one
    // HAProxy opens as a listening socket closes is reset.
    const down = checks.filter((l) => / is DOWN/.test(l));
    // Each of the three at least (a check that timed out on a busy machine takes one out too, and is no refusal).
    expect(down.length).toBeGreaterThanOrEqual(3);
    expect(down.filter((l) => /Connection refused/.test(l))).toEqual([]);
    expect(await lost(acknowledged)).toEqual([]);
    // Every process took its share.
    const after = await servers();
    for (const [name, s] of after) expect(s.sessions, name).toBeGreaterThan(before.get(name)!.sessions);
  });

  it('kill -9 of one process: only requests it had fail, no acknowledged write is lost', async () => {
    let stop!: () => void;
    const running = await load('kill', new Promise<void>((r) => (stop = r)));
    await sleep(1500);
    const inFlightAtSignal = running.inFlight();
    const startedAtSignal = running.started();
    procs[1]!.child.kill('SIGKILL');
    await new Promise((r) => procs[1]!.child.once('exit', r));
    // Requests sent before the process was seen dead may have reached it: those in flight at the signal and those
    // sent between the signal and the exit.
    const killedAt = performance.now();
    const inFlight = inFlightAtSignal + running.started() - startedAtSignal;
    await sleep(2500);
    stop();
    const { outcomes, acknowledged } = await running.done;
    const failed = outcomes.filter((o) => !o.ok);
    console.log(
      `kill -9: ${outcomes.length} requests, ${failed.length} failed (${inFlight} in flight at or during the kill), ` +
        `${acknowledged.length} writes acknowledged`,
    );
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThan(50);
    for (const f of failed) {
      expect(f.start, `failed request ${f.id} (${f.detail}) was sent after the kill`).toBeLessThan(killedAt);
      // HAProxy's log line for it, when it wrote one (a request the server dropped may have none), names that server.
      const line = haproxyLog.split('\n').find((l) => l.includes(`{${f.id}}`));
      if (line) expect(line).toMatch(/ app\/app2 /);
    }
    expect(failed.length).toBeLessThanOrEqual(inFlight);
    expect(await lost(acknowledged)).toEqual([]);
  });

  it('kill -9 of the process running an import: another takes the job over and stores each row once', async () => {
    // Only procs[0] may claim the job: the others are paused (SIGSTOP; procs[1] the test above killed) until it runs
    // it, then go on as if nothing happened.
    const others = procs.slice(1).filter((p) => p.child.exitCode === null && !p.child.signalCode);
    for (const p of others) p.child.kill('SIGSTOP');
    const csv = ['username,country', ...Array.from({ length: 2000 }, (_, i) => `lb.job.${i},US`)].join('\n');
    const queued = (await (
      await fetch(`http://127.0.0.1:${procs[0]!.port}/api/member/import/job`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      })
    ).json()) as Env;
    expect(queued.code, queued.message).toBe(200);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const job = async () =>
        (
          await client.query(
            `SELECT status::int AS status, start_time, done::int AS done FROM ${tables.job} WHERE id = $1`,
            [queued.data.id],
          )
        ).rows[0] as { status: number; start_time: Date | null; done: number };
      const underWay = async () => {
        const j = await job();
        return j.status === JobStatus.running && j.done > 0;
      };
      await until('procs[0] to run the job, some rows done', underWay).finally(() => {
        for (const p of others) p.child.kill('SIGCONT');
      });
      const before = await job();
      expect(before.status, 'the job ended before its process was killed').toBe(JobStatus.running);
      procs[0]!.child.kill('SIGKILL');
      await new Promise((r) => procs[0]!.child.once('exit', r));
      // Its lease lapsed, it is queued again before another process claims it: wait for an end, not for "not running".
      const ended: number[] = [JobStatus.done, JobStatus.failed, JobStatus.cancelled];
      await until('another process to finish the job', async () => ended.includes((await job()).status), 60_000);
      const after = await job();
      expect(after.status).toBe(JobStatus.done);
      // Claimed again after the kill: another process finished it, not the one that started it.
      expect(after.start_time!.getTime()).toBeGreaterThan(before.start_time!.getTime());
      const stored = await client.query(
        `SELECT count(*) AS n, count(DISTINCT username) AS names FROM ${tables.member} WHERE username LIKE 'lb.job.%'`,
      );
      expect(stored.rows[0]).toEqual({ n: '2000', names: '2000' });
      console.log(`import taken over: ${before.done} of 2000 rows done when its process was killed`);
    } finally {
      await client.end();
    }
  });
});
