/**
 * Requests beside long work: the p99 of `/admin/info` and product list pages at 20 connections with the server
 * idle, then while a 100,000-row product import and a 1,000,000-row export run as background jobs.
 */
import { actions } from '../generated/actions.js';
import { JobStatus } from '../generated/enums.js';
import { type Target } from './data.js';
import { authHeader, load, startServer, type Load } from './processes.js';

export const IMPORT_ROWS = 100_000;
const CONNECTIONS = 20;
const pick = (n: number) => 1 + Math.floor(Math.random() * n);

export interface BusyRow {
  workers: number;
  idle: Load;
  busy: Load;
  /** Rows each job had done when the measurement under load ended, of its total. */
  imported: string;
  exported: string;
}

type Job = { id: number; status: number; done?: number; total?: number };

/** A CSV of `n` new products in the target's first category, brand and shop. */
function productsCsv(n: number, ids: { category: number; brand: number; shop: number }): string {
  const rows = ['name,subTitle,description,productCategoryId,brandId,shopId,price'];
  for (let i = 0; i < n; i++)
    rows.push(
      `Bench lamp ${i},Warm light,A lamp for reading,${ids.category},${ids.brand},${ids.shop},${19 + (i % 80)}.90`,
    );
  return rows.join('\n');
}

/**
 * On a server with `workers` processes over `t` (a copy the import may grow): the mix idle, then under the two jobs
 * (an export of `exportEntity`, which holds a million rows there). The jobs are cancelled afterwards.
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
    // A call answered 503 (back-pressure: the import's start holds the event loop) is sent again after Retry-After.
    const call = async (method: string, path: string, body?: string, type?: string): Promise<any> => {
      for (let i = 0; ; i++)
        try {
          return await api(method, path, body, type);
        } catch (e) {
          if (i >= 10 || !/busy/.test((e as Error).message)) throw e;
          await new Promise((r) => setTimeout(r, 5000));
        }
    };
    const first = (await api('GET', '/product/list?pageSize=1')).list[0];
    const csv = productsCsv(IMPORT_ROWS, {
      category: first.productCategoryId,
      brand: first.brandId,
      shop: first.shopId,
    });
    const mix = () =>
      Math.random() < 0.5 ? '/api/admin/info' : `/api/product/list?pageNum=${pick(3)}&pageSize=20&publishStatus=1`;
    const idle = await load(server.url, mix, { connections: CONNECTIONS, seconds, headers });
    const imp: Job = await api('POST', actions.product.importJob.url, csv, 'text/csv');
    const exp: Job = await call('POST', actions[exportEntity].exportJob.url);
    // The import under way before the clock starts (the export waits behind it: one job at a time per process).
    const job = (j: Job): Promise<Job> => call('GET', actions.job.job.url.replace(':id', String(j.id)));
    for (let waited = 0; (await job(imp)).status === JobStatus.queued; waited += 100) {
      if (waited > 60_000) throw new Error('the import did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Measured while the import runs (at most `seconds`): a window that outlasts it would be partly idle.
    const busy = await load(server.url, mix, {
      connections: CONNECTIONS,
      seconds,
      headers,
      until: async () => (await job(imp)).status !== JobStatus.running,
    });
    const done = async (j: Job) => {
      const now = await job(j);
      return `${(now.done ?? 0).toLocaleString('en')} / ${(now.total ?? 0).toLocaleString('en')}`;
    };
    const row = { workers, idle, busy, imported: await done(imp), exported: await done(exp) };
    for (const j of [imp, exp]) await api('POST', actions.job.cancel.url.replace(':id', String(j.id))).catch(() => {});
    return row;
  } finally {
    await server.stop();
  }
}
