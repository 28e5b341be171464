/**
 * The built server process (`npm run serve`; run `npm run build:server` first) as an operator meets it, on SQLite and
 * (when DATABASE_URL is set) PostgreSQL:
 * - SIGTERM under a load of 100 keep-alive clients, reads and writes, alone (`WORKERS=1`) and as the primary of the
 *   default number of workers: no request is reset (each gets a complete answer, 200 or 503 with `Connection: close`,
 *   or its connection is refused before it is sent), every acknowledged write is stored, the exit code is 0;
 * - a normal start logs each migration it applies;
 * - a database missing a column the schemas describe: the process refuses to start and names table, column and the
 *   migration to write.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { serveCommand } from '../../scripts/serve-command';
import { createPgDatabase } from '../api/helpers';
import { suiteEnv } from '../db-templates';
import { freePort } from './spawn-server';

const targets = process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

interface Proc {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Spawns the bundle as `npm run serve` does (no UI needed); resolves once `/api/ready` answers 200. */
async function spawnServer(env: Record<string, string>): Promise<Proc> {
  if (!existsSync('dist/server/main.mjs'))
    throw new Error('dist/server/main.mjs is missing: run `npm run build:server`');
  const serve = serveCommand();
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, serve.args, {
    env: {
      ...process.env,
      ...suiteEnv(),
      ...serve.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = `http://127.0.0.1:${port}`;
  const proc = { url, child, output: () => out, exited };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${url}/api/ready`);
      await res.arrayBuffer();
      if (res.status === 200) return proc;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return proc; // exited (or never ready): the caller reads the output and exit code
}

type Outcome = { kind: 'ok'; name?: string } | { kind: 'refused' | 'unavailable' | 'reset'; detail: string };

/**
 * One call on `agent`: a complete answer (200 with the envelope's success, or 503 ending its connection), a
 * connection refused before sending, or anything else (a reset).
 */
function call(
  agent: http.Agent,
  url: string,
  token: string,
  body?: { name: string },
  onConnected?: () => void,
): Promise<Outcome> {
  const payload = body && JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: payload ? 'POST' : 'GET',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('error', (e) => resolve({ kind: 'reset', detail: String(e) }));
        res.on('end', () => {
          const seen = `HTTP ${res.statusCode} connection: ${res.headers.connection} ${text.slice(0, 200)}`;
          if (!res.complete) return resolve({ kind: 'reset', detail: `incomplete answer: ${seen}` });
          if (res.statusCode === 503)
            return resolve(
              res.headers.connection === 'close'
                ? { kind: 'unavailable', detail: text }
                : { kind: 'reset', detail: seen },
            );
          try {
            const env = JSON.parse(text) as { code: number };
            resolve(
              res.statusCode === 200 && env.code === 200
                ? { kind: 'ok', name: body?.name }
                : { kind: 'reset', detail: seen },
            );
          } catch {
            resolve({ kind: 'reset', detail: seen });
          }
        });
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ kind: e.code === 'ECONNREFUSED' ? 'refused' : 'reset', detail: `${e.code ?? ''} ${e.message}` }),
    );
    if (onConnected) req.once('socket', (socket) => socket.once('connect', onConnected));
    req.end(payload);
  });
}

describe.each(targets)('the server process on %s', (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /**
   * A data folder (SQLite) or a database (PostgreSQL) and the env that points the server at it: a copy of the run's
   * seeded template, or `empty` for a server to migrate and seed itself.
   */
  async function database(empty = false): Promise<{ env: Record<string, string>; dir: string; pgUrl?: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'mpa-proc-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const templates = empty ? {} : inject('dbTemplates');
    if (dialect === 'sqlite' && templates.sqlite) copyFileSync(templates.sqlite, join(dir, 'marketplace.db'));
    const pgDb = dialect === 'postgres' ? await createPgDatabase(templates.postgres) : undefined;
    if (pgDb) cleanups.push(() => pgDb.drop());
    const env: Record<string, string> = { DATA_DIR: dir, JWT_SECRET: 'process-test', LOG: '0' };
    if (pgDb) env.DATABASE_URL = pgDb.url;
    return { env, dir, pgUrl: pgDb?.url };
  }

  /** Runs `statement` on the server's database while no server runs; the rows it returns. */
  async function onDatabase(
    db: { dir: string; pgUrl?: string },
    statement: string,
  ): Promise<Record<string, unknown>[]> {
    if (db.pgUrl) {
      const client = new pg.Client({ connectionString: db.pgUrl });
      await client.connect();
      return (await client.query(statement).finally(() => client.end())).rows;
    }
    const raw = new Database(join(db.dir, 'marketplace.db'));
    try {
      const st = raw.prepare(statement);
      return st.reader ? (st.all() as Record<string, unknown>[]) : (st.run(), []);
    } finally {
      raw.close();
    }
  }

  const login = async (url: string) => {
    const res = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };

  // The default: one worker per core (two on the suite's machine), behind a primary.
  it.each([
    ['1', '1'],
    ['default', ''],
  ])(
    'answers every request of 100 keep-alive clients on SIGTERM (WORKERS=%s), keeps every acknowledged write, exits 0',
    async (_name, workers) => {
      const db = await database();
      // A shutdown that runs out of time closes what is left (a reset, exit 1): on the suite's two busy cores 100
      // clients can take longer to answer than the default 10 s, so this process gets more. No reset is allowed either way.
      const server = await spawnServer({ ...db.env, WORKERS: workers, SHUTDOWN_TIMEOUT: '30000' });
      cleanups.push(() => void server.child.kill('SIGKILL'));
      expect(server.child.exitCode, server.output()).toBeNull();
      if (!workers) await expect.poll(server.output, { timeout: 60_000 }).toMatch(/\d+ worker processes serve port/);
      const token = await login(server.url);

      // Each client its own keep-alive connection, a write then a read, again and again, until its connection is
      // refused. Half of them start first; the signal comes once they had 100 answers and the other half connected
      // (their first requests sent, maybe still waiting in the listening socket's queue).
      const CLIENTS = 100;
      const outcomes: Outcome[] = [];
      let acked = 0;
      let connected = 0;
      let ready503 = false;
      let readiness: Promise<void> | undefined;
      const signal = () => {
        server.child.kill('SIGTERM');
        // Readiness turns false before the process ends (or the server stopped listening: refused).
        readiness = (async () => {
          while (server.child.exitCode === null && !ready503) {
            try {
              const res = await fetch(`${server.url}/api/ready`);
              await res.arrayBuffer();
              ready503 = res.status === 503;
            } catch {
              ready503 = true;
            }
          }
        })();
      };
      const client = async (c: number) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        cleanups.push(() => agent.destroy());
        const late = c >= CLIENTS / 2;
        for (let i = 0; ; i++) {
          const onConnected =
            late && i === 0
              ? () => {
                  if (++connected === CLIENTS / 2) setImmediate(signal);
                }
              : undefined;
          const o =
            i % 2 === 0
              ? await call(agent, `${server.url}/api/brand/create`, token, { name: `shutdown-${c}-${i}` }, onConnected)
              : await call(agent, `${server.url}/api/brand/list?pageSize=5&keyword=shutdown-${c}-`, token);
          outcomes.push(o);
          if (o.kind === 'ok' && ++acked === CLIENTS)
            for (let l = CLIENTS / 2; l < CLIENTS; l++) lateClients.push(client(l));
          if (o.kind === 'refused' || o.kind === 'reset') return; // the server is gone for this client
        }
      };
      const lateClients: Promise<void>[] = [];
      await Promise.all(Array.from({ length: CLIENTS / 2 }, (_, c) => client(c)));
      await Promise.all(lateClients);
      await readiness;
      const code = await server.exited;
      expect(connected).toBe(CLIENTS / 2);
      const resets = outcomes.flatMap((o) => (o.kind === 'reset' ? [o.detail] : []));
      expect(
        resets,
        `${resets.length} of ${outcomes.length} requests reset; the server said:\n${server.output()}`,
      ).toEqual([]);
      expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(CLIENTS);
      expect(code, server.output()).toBe(0);
      expect(ready503).toBe(true);

      // Every acknowledged write is stored: read back from the database the process left (no second server to
      // start and stop for it: a start is a second or two of CPU on the suite's two cores).
      const rows = await onDatabase(db, "SELECT name FROM pms_brand WHERE name LIKE 'shutdown-%'");
      const stored = new Set(rows.map((r) => String(r.name)));
      const ackedNames = outcomes.flatMap((o) => (o.kind === 'ok' && o.name ? [o.name] : []));
      expect(ackedNames.length).toBeGreaterThanOrEqual(CLIENTS / 2);
      expect(ackedNames.filter((n) => !stored.has(n))).toEqual([]);
    },
    180_000,
  );

  // The primary's part does not depend on the database: one run is enough.
  it.skipIf(dialect !== 'sqlite')(
    'answers the connections waiting while its primary was held up, when every process gets SIGTERM at once',
    async () => {
      const db = await database();
      const server = await spawnServer({ ...db.env, WORKERS: '2', SHUTDOWN_TIMEOUT: '30000' });
      cleanups.push(() => void server.child.kill('SIGKILL'));
      await expect.poll(server.output, { timeout: 60_000 }).toMatch(/2 worker processes serve port/);
      const token = await login(server.url);
      const pid = server.child.pid!;
      const workers = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
      expect(workers).toHaveLength(2);

      // The primary held up (a busy machine): connections wait in the listening socket's queue, their requests sent.
      // Then SIGTERM to every process, as a service manager stopping the unit does: the workers stop first.
      process.kill(pid, 'SIGSTOP');
      const CLIENTS = 20;
      let connected = 0;
      const outcomes = Array.from({ length: CLIENTS }, (_, c) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        cleanups.push(() => agent.destroy());
        return call(agent, `${server.url}/api/brand/create`, token, { name: `held-${c}` }, () => connected++);
      });
      await expect.poll(() => connected).toBe(CLIENTS);
      for (const p of [...workers, pid]) process.kill(p, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      process.kill(pid, 'SIGCONT');

      const answered = await Promise.all(outcomes);
      expect(
        answered.filter((o) => o.kind !== 'ok'),
        server.output(),
      ).toEqual([]);
      expect(await server.exited, server.output()).toBe(0);
    },
    120_000,
  );

  it('logs each migration it applies, then refuses to start on a database missing a column', async () => {
    const db = await database(true);
    const first = await spawnServer({ ...db.env, LOG: '1' });
    cleanups.push(() => void first.child.kill('SIGKILL'));
    expect(first.child.exitCode, first.output()).toBeNull();
    expect(first.output()).toContain(`applied migration ${dialect}/0001_init.sql`);
    expect(first.output()).toContain(`applied migration ${dialect}/0013_referral_click_once.sql`);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    await onDatabase(db, 'ALTER TABLE pms_brand RENAME COLUMN first_letter TO initial');
    const second = await spawnServer(db.env);
    cleanups.push(() => void second.child.kill('SIGKILL'));
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(
      'table pms_brand has no column first_letter: the schemas expect it (the table has columns the schemas do not name: initial)',
    );
    expect(second.output()).toContain('npm run codegen');
    expect(second.output()).not.toContain('Marketplace admin: http');
  }, 120_000);
});
