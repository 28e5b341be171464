/**
 * Requests beside long work: a 100,000-row product import alone, timed; then 50 clients reading (`/admin/info` and
 * product list pages) and 10 writing (a product's flag switched through the batch route) with the server idle, and
 * again while a second 100,000-row product import and a 1,000,000-row export run as background jobs; and how fast the
 * import stores its rows, idle and under that load.
 */
import { actions } from '../generated/actions.js';
import { JobStatus } from '../generated/enums.js';
import { type Target } from './data.js';
import { authHeader, load, startServer, type Call, type Load } from './processes.js';

export const IMPORT_ROWS = 100_000;
export const READERS = 50;
export const WRITERS = 10;
/** The longest the loaded window waits for the import to end (s). */
const BUSY_LIMIT = 300;
const pick = (n: number) => 1 + Math.floor(Math.random() * n);

/** Readers and writers measured together over one window. */
export interface Mixed {
  reads: Load;
  writes: Load;
}

export interface BusyRow {
  workers: number;
  idle: Mixed;
  busy: Mixed;
  /** Seconds the import of IMPORT_ROWS rows took on the idle server, from running to done. */
  importIdleSeconds: number;
  /**
   * Rows per second of the import run under the load, start to end (an import still running after BUSY_LIMIT: half
   * its progress, which counts its rows checked and then stored, over that time).
   */
  importBusyRate: number;
  /**
   * Seconds the import took to check its rows (its progress reached its total) and then to store them, idle and
   * under the load (as the bench's looks at the job saw them: every 100 ms idle, every 250 ms under the load).
   */
  phases: { idle: [check: number, store: number]; busy: [check: number, store: number] };
  imported: string;
  exported: string;
  /** The bench's own looks at the jobs answered 503 (asked again): refusals beside the clients' non-2xx. */
  pollRefused: number;
}

type Job = { id: number; status: number; done?: number; total?: number; message?: string };

/** A CSV of `n` new products in the target's first category, brand and shop, named after `tag`. */
function productsCsv(n: number, tag: string, ids: { category: number; brand: number; shop: number }): string {
  const rows = ['name,subTitle,description,productCategoryId,brandId,shopId,price'];
  for (let i = 0; i < n; i++)
    rows.push(
      `Bench lamp ${tag} ${i},Warm light,A lamp for reading,${ids.category},${ids.brand},${ids.shop},${19 + (i % 80)}.90`,
    );
  return rows.join('\n');
}

/**
 * On a server with `workers` processes over `t` (a copy the imports may grow): one import alone, timed; the mix idle;
 * then the mix under a second import and an export of `exportEntity` (a million rows there) until that import ends.
 * The export is cancelled afterwards.
 */
export async function busyBench(
  t: Target,
  exportEntity: 'product' | 'order',
  workers: number,
  seconds: number,
): Promise<BusyRow> {
  const server = await startServer({ ...t.env, WORKERS: String(workers) }, 3104);
  try {
    const authorization = await authHeader(server.url);
    const headers = { authorization };
    const api = async (method: string, path: string, body?: string, type = 'application/json') => {
      const res = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { authorization, ...(body ? { 'content-type': type } : {}) },
        body,
      });
      const env = (await res.json()) as { code: number; message: string; data: any };
      if (env.code !== 200) throw new Error(`${method} ${path}: ${env.message}`);
      return env.data;
    };
    /** Answers of the bench's own looks at a job that were refused (503, "busy"): asked again, and counted. */
    let pollRefused = 0;
    /** When each import was first seen with every row checked (its progress at its total: it stores them then). */
    const checked = new Map<number, number>();
    const job = async (j: Job): Promise<Job> => {
      for (;;) {
        try {
          const now: Job = await api('GET', actions.job.job.url.replace(':id', String(j.id)));
          if (now.total && now.done === now.total && !checked.has(j.id)) checked.set(j.id, performance.now());
          return now;
        } catch (e) {
          if (!/busy/i.test((e as Error).message)) throw e;
          pollRefused++;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    };
    const wait = async (j: Job, until: (now: Job) => boolean, limit: number): Promise<Job> => {
      for (let waited = 0; ; waited += 100) {
        const now = await job(j);
        if (until(now)) return now;
        if (waited > limit) throw new Error(`job ${j.id} still ${now.status} after ${limit} ms: ${now.message ?? ''}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const first = (await api('GET', '/product/list?pageSize=1')).list[0];
    const ids = { category: first.productCategoryId, brand: first.brandId, shop: first.shopId };
    const reads = () =>
      Math.random() < 0.5 ? '/api/admin/info' : `/api/product/list?pageNum=${pick(3)}&pageSize=20&publishStatus=1`;
    // Upstream's batch call: one product's "new" flag switched, a write through the pipeline with its audit entry.
    const writes = (): Call => ({
      method: 'POST',
      path: `/api/product/update/newStatus?ids=${pick(Math.min(t.products, 100_000))}&newStatus=${pick(2) - 1}`,
    });
    const mixed = async (window: number, until?: () => Promise<boolean>): Promise<Mixed> => {
      const [r, w] = await Promise.all([
        load(server.url, reads, { connections: READERS, seconds: window, headers, until }),
        load(server.url, writes, { connections: WRITERS, seconds: window, headers, until }),
      ]);
      return { reads: r, writes: w };
    };
    // The import alone on the idle server, from the moment it runs until its rows are stored.
    const alone: Job = await api('POST', actions.product.importJob.url, productsCsv(IMPORT_ROWS, 'a', ids), 'text/csv');
    await wait(alone, (j) => j.status !== JobStatus.queued, 60_000);
    const started = performance.now();
    const ended = await wait(alone, (j) => j.status !== JobStatus.running, 600_000);
    if (ended.status !== JobStatus.done) throw new Error(`the idle import ended ${ended.status}: ${ended.message}`);
    const importIdleSeconds = (performance.now() - started) / 1000;
    const split = (id: number, from: number, to: number): [number, number] => {
      const at = checked.get(id) ?? to;
      return [(at - from) / 1000, (to - at) / 1000];
    };
    const idlePhases = split(alone.id, started, performance.now());
    // The mix idle on the database as the jobs will find it (the first import's rows in it: on PostgreSQL's 10,000
    // products it is eleven times as many, and reads measured before it would be of another database).
    const idle = await mixed(seconds);

    const imp: Job = await api('POST', actions.product.importJob.url, productsCsv(IMPORT_ROWS, 'b', ids), 'text/csv');
    const exp: Job = await api('POST', actions[exportEntity].exportJob.url);
    await wait(imp, (j) => j.status !== JobStatus.queued, 60_000);
    const t0 = performance.now();
    // Measured while the import runs, to its end (at most BUSY_LIMIT s): the rate under load is its whole run's.
    // A look that fails ends the window (autocannon may look once more after the window ended and the server stopped).
    const busy = await mixed(BUSY_LIMIT, async () =>
      job(imp).then(
        (j) => j.status !== JobStatus.running,
        () => true,
      ),
    );
    const after = await job(imp);
    const busyPhases = split(imp.id, t0, performance.now());
    const importBusyRate =
      (after.status === JobStatus.done ? IMPORT_ROWS : (after.done ?? 0) / 2) / ((performance.now() - t0) / 1000);
    const done = async (j: Job) => {
      const now = await job(j);
      return `${(now.done ?? 0).toLocaleString('en')} / ${(now.total ?? 0).toLocaleString('en')}`;
    };
    const row = {
      workers,
      idle,
      busy,
      importIdleSeconds,
      importBusyRate,
      phases: { idle: idlePhases, busy: busyPhases },
      imported: await done(imp),
      exported: await done(exp),
      pollRefused,
    };
    for (const j of [imp, exp]) await api('POST', actions.job.cancel.url.replace(':id', String(j.id))).catch(() => {});
    return row;
  } finally {
    await server.stop();
  }
}
