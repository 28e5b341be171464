/**
 * `WORKERS=2` on SQLite: two worker processes serve one port and behave as one server. Each connection below is new,
 * so the primary hands them to the workers in turn: list totals follow a write made by the other process, a logout
 * ends the session on both, the login throttle counts the guesses sent to both, a worker that dies is replaced, and
 * SIGTERM to the primary drains both and exits 0. A worker running a job leaves a second one to the other, keeps the
 * connections it holds on SQLite and, on PostgreSQL, sheds them to the other. The primary copies the WAL into the file
 * (core/checkpointer.ts).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobStatus } from '../../generated/enums';
import { Messages } from '../../src/shared/messages';
import { startServer, type Running } from './harness';
import { createPgDatabase } from '../api/helpers';

type Env = { code: number; message: string; data: any };

let server: Running;

beforeAll(async () => {
  // Jobs in small batches with a rest after each: an import of 300 rows runs for seconds.
  server = await startServer({ WORKERS: '2', LOG: '0', JOB_BATCH: '10', JOB_REST: '200' });
  await twoWorkers();
}, 120_000);

/** Up once the lead worker listens; the other starts then. */
async function twoWorkers() {
  for (let waited = 0; !/2 worker processes serve port/.test(server.log()); waited += 100) {
    if (waited > 60_000) throw new Error(`the second worker did not start:\n${server.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
afterAll(async () => server?.stop());

/** One call on a connection of its own (no keep-alive), so consecutive calls reach the workers in turn. */
function call(method: string, path: string, token?: string, body?: unknown): Promise<Env> {
  const url = new URL(`${server.url}/api${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(JSON.parse(text) as Env));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A CSV upload on a connection of its own. */
const callCsv = (path: string, token: string, csv: string) =>
  fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', connection: 'close' },
    body: csv,
  }).then((r) => r.json() as Promise<Env>);

const login = async (username: string, password: string) =>
  (await call('POST', '/admin/login', undefined, { username, password })).data.token as string;

/** The server's worker processes (children of the primary) and the CPU time each has used (clock ticks). */
function workers(): { pid: number; cpu: number }[] {
  const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/);
  return children.filter(Boolean).map((pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { pid: Number(pid), cpu: Number(fields[11]) + Number(fields[12]) }; // utime + stime
  });
}

/** A 300-row member import job (members named `<tag>.<n>`), once it runs: its runner rests between batches for seconds. */
async function runningImport(tag: string) {
  const token = await login('admin', 'admin123');
  const shopId = (await call('GET', '/shop/list?pageSize=1', token)).data.list[0].id;
  const csv = ['username,country,shopId', ...Array.from({ length: 300 }, (_, i) => `${tag}.${i},US,${shopId}`)];
  const job = await callCsv('/member/import/job', token, csv.join('\n'));
  expect(job.code, job.message).toBe(200);
  const status = async () => (await call('GET', `/job/${job.data.id}`, token)).data.status as number;
  await expect.poll(status, { timeout: 20_000 }).toBe(JobStatus.running);
  return { token, job, status };
}

/**
 * Two keep-alive connections opened one after the other (the primary hands them to the two workers in turn), then an
 * import started: `check` asks once on each connection at a time (what each answer says of its connection), while the
 * import runs on one of the workers.
 */
async function besideAJob(tag: string, check: (ask: () => Promise<(string | undefined)[]>) => Promise<void>) {
  const agents = [0, 1].map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const askOn = (agent: http.Agent) =>
    new Promise<string | undefined>((resolve, reject) => {
      const req = http.get(`${server.url}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers.connection));
      });
      req.on('error', reject);
    });
  try {
    for (const agent of agents) expect(await askOn(agent)).toBe('keep-alive');
    const { token, job, status } = await runningImport(tag);
    await check(() => Promise.all(agents.map(askOn)));
    expect(await status()).toBe(JobStatus.running);
    expect((await call('POST', `/job/${job.data.id}/cancel`, token)).code).toBe(200);
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

/**
 * Two imports asked on one keep-alive connection, so of one worker, which could run both: the second runs on the
 * other, and new connections then go to both in turn (with both jobs on one, all would go to the other).
 */
async function secondJobOnTheOther() {
  // The import the test before cancelled ends its batch first (its rest is 200 ms): till then its worker runs it.
  await new Promise((r) => setTimeout(r, 1500));
  const token = await login('admin', 'admin123');
  const shopId = (await call('GET', '/shop/list?pageSize=1', token)).data.list[0].id;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const start = (tag: string) =>
    new Promise<Env>((resolve, reject) => {
      const csv = ['username,country,shopId', ...Array.from({ length: 300 }, (_, i) => `${tag}.${i},US,${shopId}`)];
      const req = http.request(
        `${server.url}/api/member/import/job`,
        { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' } },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(JSON.parse(text) as Env));
        },
      );
      req.on('error', reject);
      req.end(csv.join('\n'));
    });
  const status = async (id: number) => (await call('GET', `/job/${id}`, token)).data.status as number;
  try {
    const jobs: number[] = [];
    for (const tag of ['wk.spread-a', 'wk.spread-b']) {
      const job = await start(tag);
      expect(job.code, job.message).toBe(200);
      jobs.push(job.data.id);
      await expect.poll(() => status(job.data.id), { timeout: 20_000 }).toBe(JobStatus.running);
    }
    // One import on each worker: new connections go to both in turn (with both on one, all would go to the other).
    const before = workers();
    for (let i = 0; i < 30; i++) await times(4, () => call('GET', '/product/list?pageSize=50', token));
    const after = workers();
    for (const id of jobs) expect(await status(id)).toBe(JobStatus.running);
    const spent = before.map((w) => after.find((a) => a.pid === w.pid)!.cpu - w.cpu).sort((a, b) => a - b);
    expect(spent[0]!, `CPU ticks of the two workers: ${spent.join(', ')}`).toBeGreaterThan(spent[1]! / 3);
    for (const id of jobs) expect((await call('POST', `/job/${id}/cancel`, token)).code).toBe(200);
  } finally {
    agent.destroy();
  }
}

describe('two worker processes on one SQLite database', () => {
  it('serves from both', async () => {
    const before = workers();
    expect(before).toHaveLength(2);
    const token = await login('admin', 'admin123');
    for (let i = 0; i < 20; i++) await times(4, () => call('GET', '/product/list?pageSize=50', token));
    const after = workers();
    for (const w of before) expect(after.find((a) => a.pid === w.pid)!.cpu, `worker ${w.pid}`).toBeGreaterThan(w.cpu);
  });

  it('keeps list totals exact across them after a write on either', async () => {
    const token = await login('admin', 'admin123');
    const totals = async () =>
      Promise.all([0, 1, 2, 3].map(async () => (await call('GET', '/brand/list?pageSize=1', token)).data.total));
    const [first] = await totals();
    expect(await totals()).toEqual([first, first, first, first]); // cached on both now
    const made = await call('POST', '/brand/create', token, { name: 'Workers Test Brand', firstLetter: 'W' });
    expect(made.code, made.message).toBe(200);
    expect(await totals()).toEqual([first + 1, first + 1, first + 1, first + 1]);
    const { list } = (await call('GET', '/brand/list?keyword=Workers%20Test%20Brand', token)).data;
    expect((await call('GET', `/brand/delete/${list[0].id}`, token)).code).toBe(200);
    expect(await totals()).toEqual([first, first, first, first]);
  });

  it('copies what the workers commit into the database file off their event loops (the primary checkpoints)', async () => {
    const token = await login('admin', 'admin123');
    const name = `Checkpointed Brand ${Date.now()}`;
    const made = await call('POST', '/brand/create', token, { name, firstLetter: 'C' });
    expect(made.code, made.message).toBe(200);
    // A few pages' commit: the workers' own connections would leave it in the WAL (they never checkpoint).
    let inFile = false;
    for (let waited = 0; waited < 5000 && !inFile; waited += 100) {
      inFile = readFileSync(`${server.dataDir}/marketplace.db`).includes(Buffer.from(name));
      if (!inFile) await new Promise((r) => setTimeout(r, 100));
    }
    expect(inFile).toBe(true);
  });

  it('ends a session on both at once', async () => {
    const token = await login('seller', 'seller123');
    expect((await times(4, () => call('GET', '/admin/info', token))).map((r) => r.code)).toEqual([200, 200, 200, 200]);
    expect((await call('POST', '/admin/logout', token)).code).toBe(200);
    expect((await times(4, () => call('GET', '/admin/info', token))).map((r) => r.code)).toEqual([401, 401, 401, 401]);
  });

  it('counts wrong passwords sent to either in one throttle', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/admin/login', undefined, { username: 'operator', password: `guess-${i}` });
      expect(wrong.message).not.toBe(Messages.tooManyAttempts);
    }
    const sixth = await call('POST', '/admin/login', undefined, { username: 'operator', password: 'guess-6' });
    expect(sixth.message).toBe(Messages.tooManyAttempts);
  });

  it('hands new connections to the worker running no background job', async () => {
    const { token, job, status } = await runningImport('wk.steer');
    // The job rests 200 ms after each batch of 10 rows: its own CPU is little beside 120 list pages of 50 products.
    const before = workers();
    for (let i = 0; i < 30; i++) await times(4, () => call('GET', '/product/list?pageSize=50', token));
    const after = workers();
    expect(await status()).toBe(JobStatus.running);
    const spent = before.map((w) => after.find((a) => a.pid === w.pid)!.cpu - w.cpu).sort((a, b) => a - b);
    expect(spent[0]!, `CPU ticks of the two workers: ${spent.join(', ')}`).toBeLessThan(spent[1]! / 3);
    expect((await call('POST', `/job/${job.data.id}/cancel`, token)).code).toBe(200);
  });

  it('runs a second job on the worker running none, though it was asked of the busy one', secondJobOnTheOther);

  it("keeps the connections a job's worker holds, on SQLite (one worker serving every client was slower)", async () => {
    await besideAJob('wk.keep', async (ask) => {
      for (let i = 0; i < 5; i++) expect(await ask()).toEqual(['keep-alive', 'keep-alive']);
    });
  });

  it('starts another worker when one dies, and answers meanwhile; a job running on the other goes on', async () => {
    const { status } = await runningImport('wk.job');
    const [dead, other] = workers();
    process.kill(dead!.pid, 'SIGKILL');
    await expect
      .poll(
        () =>
          workers()
            .map((w) => w.pid)
            .includes(dead!.pid),
        { timeout: 10_000 },
      )
      .toBe(false);
    expect((await call('GET', '/admin/info')).code).toBe(401); // the other one answers
    await expect.poll(() => server.log(), { timeout: 30_000 }).toMatch(/serves in its place/);
    expect(workers()).toHaveLength(2);
    expect(workers().map((w) => w.pid)).toContain(other!.pid);
    // The new worker does not take the job for one a dead server left: it runs on, or waits for its runner's end.
    expect([JobStatus.running, JobStatus.done]).toContain(await status());
  }, 60_000);

  it('drains both on SIGTERM and exits 0', async () => {
    const pids = workers().map((w) => w.pid);
    const code = await server.stop();
    expect(code, server.log()).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0), `worker ${pid}`).toThrow();
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL)('two worker processes on one PostgreSQL database', () => {
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  beforeAll(async () => {
    pgDb = await createPgDatabase(inject('dbTemplates').postgres);
    server = await startServer({ WORKERS: '2', LOG: '0', JOB_BATCH: '10', JOB_REST: '200', DATABASE_URL: pgDb.url });
    await twoWorkers();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await pgDb?.drop();
  });

  it("has the job's worker shed the keep-alive connections it held: their next requests go to the other", async () => {
    await besideAJob('wk.shed', async (ask) => {
      // The job's worker ends its connection with its next answer, once the primary told it; the other keeps its own.
      const seen: (string | undefined)[] = [];
      await expect
        .poll(
          async () => {
            const round = await ask();
            seen.push(...round);
            return round.filter((c) => c === 'close').length;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      expect(seen.filter((c) => c === 'close')).toHaveLength(1);
      // That client's next connection goes to the worker running no job, which keeps it.
      for (let i = 0; i < 3; i++) expect(await ask()).toEqual(['keep-alive', 'keep-alive']);
    });
  });

  it('runs a second job on the worker running none there too', secondJobOnTheOther);
});
