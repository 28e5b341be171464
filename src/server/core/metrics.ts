import cluster from 'node:cluster';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from './db.js';
import type { TableCache } from './crud/table-cache.js';

/** Cache names as the `cache` label of `cache_lookups_total`. */
export type CacheName = 'list_counts' | 'list_pages' | 'auth_users';

/**
 * The app's Prometheus metrics, in a registry of its own (tests build several apps in one process; the global
 * registry would refuse a second metric of the same name). prom-client's default metrics (CPU, heap, RSS, event-loop
 * lag, GC, handles) come with it.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern, HTTP status and envelope code (empty outside the envelope)',
    labelNames: ['method', 'route', 'status', 'code'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route pattern and HTTP status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly querySeconds = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database statements, by dialect and statement kind (select, insert, update, delete, begin, commit, ...)',
    labelNames: ['dialect', 'kind'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [this.registry],
  });
  readonly cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups in the in-memory caches, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'] as const,
    registers: [this.registry],
  });
  /**
   * Background jobs (core/jobs.ts) by kind and state, counted from the job table each time the runner looks. Every
   * worker counts the same table: across workers the largest count, not the sum.
   */
  readonly jobs = new Gauge({
    name: 'jobs',
    help: 'Background import and export jobs by kind and state (queued, running)',
    labelNames: ['kind', 'state'] as const,
    registers: [this.registry],
    aggregator: 'max',
  });
  readonly lastBackup = new Gauge({
    name: 'backup_last_success_timestamp_seconds',
    help: 'When the last periodic backup of the database was written (Unix time); absent until one was',
    registers: [this.registry],
    aggregator: 'max',
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    // A worker of WORKERS=N answers the primary's requests for this registry (prom-client's cluster messages).
    if (cluster.isWorker) {
      AggregatorRegistry.setRegistries(this.registry);
      new AggregatorRegistry();
    }
    for (const kind of ['import', 'export'])
      for (const state of ['queued', 'running']) this.jobs.set({ kind, state }, 0);
  }

  cache(name: CacheName, hit: boolean): void {
    this.cacheLookups.inc({ cache: name, result: hit ? 'hit' : 'miss' });
  }

  /**
   * Counts a table cache's lookups as `name`: its `get` (which `through` uses too) is wrapped on this instance, the
   * cache itself knows nothing of metrics.
   */
  watchCache(cache: TableCache, name: CacheName): void {
    const get = cache.get.bind(cache);
    cache.get = <T>(table: string, key: string) => {
      const value = get<T>(table, key);
      this.cache(name, value !== undefined);
      return value;
    };
  }

  /** Times every statement of `db`: Kysely's queries and the raw prepared reads alike. */
  watch(db: Db): void {
    db.onQuery = (text, ms) => this.querySeconds.observe({ dialect: db.dialect, kind: statementKind(text) }, ms / 1000);
  }
}

/** The first keyword of a statement, lower-cased (`with` for a CTE); `other` past a short list, to bound the labels. */
export function statementKind(text: string): string {
  const word = /^\s*\(?\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '';
  return KINDS.has(word) ? word : 'other';
}

const KINDS = new Set([
  'select',
  'insert',
  'update',
  'delete',
  'with',
  'begin',
  'commit',
  'rollback',
  'savepoint',
  'release',
  'create',
  'alter',
  'drop',
  'pragma',
  'analyze',
  'vacuum',
]);

/** `{"code":404,…` → `404`: the envelope code of an API answer, read off the head of the text. */
const envelopeCode = (payload: unknown) =>
  typeof payload === 'string' ? (/^\{"code":(\d{3}),/.exec(payload)?.[1] ?? '') : '';

/** A worker asks the primary for the host's metrics; the primary answers with the text or the error. */
const ASK = 'mpa:metrics?';
const ANSWER = 'mpa:metrics!';
type Answer = { type: typeof ANSWER; id: string; text?: string; error?: string };

/**
 * The primary of WORKERS=N: answers a worker's request for the metrics of every worker, summed (counters,
 * histograms, memory) or as each metric's aggregator says (prom-client's AggregatorRegistry), so one scrape of the
 * host's port, whichever worker takes it, answers for the host.
 */
export function aggregateWorkerMetrics(): void {
  const registry = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    const answer = (a: Omit<Answer, 'type' | 'id'>) => worker.send({ type: ANSWER, id: message.id, ...a });
    registry.clusterMetrics().then(
      (text) => answer({ text }),
      (e: Error) => answer({ error: e.message }),
    );
  });
}

/** In a worker: the metrics of all the primary's workers, as the primary aggregated them. */
function hostMetrics(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const onMessage = (m: Answer) => {
      if (m?.type !== ANSWER || m.id !== id) return;
      process.off('message', onMessage);
      if (m.error !== undefined) reject(new Error(m.error));
      else resolve(m.text ?? '');
    };
    if (!process.send) {
      reject(new Error('Not a worker process: no primary to ask for the metrics'));
      return;
    }
    process.on('message', onMessage);
    process.send({ type: ASK, id });
  });
}

/**
 * Request counts and latencies by route pattern (`/api/product/update/:id`, never the raw URL: one series per route,
 * not per id; `unmatched` for what no route took) on the whole app, and `GET <path>` answering the registry in
 * Prometheus text. Like health, the route is outside the API scope and its envelope; it needs
 * `Authorization: Bearer <token>` (401 otherwise).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, path: string, token: string): void {
  const codes = new WeakMap<object, string>();
  // Before compression: the answer is still text there.
  app.addHook('onSend', async (request, _reply, payload) => {
    const code = envelopeCode(payload);
    if (code) codes.set(request, code);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    metrics.requests.inc({ method: request.method, route, status, code: codes.get(request) ?? '' });
    metrics.requestSeconds.observe({ method: request.method, route, status }, reply.elapsedTime / 1000);
  });
  const expected = Buffer.from(`Bearer ${token}`);
  app.get(path, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    void reply.header('cache-control', 'no-store');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('Unauthorized\n');
    // A worker of WORKERS=N answers for the whole host (the primary aggregates), a process serving alone for itself.
    const text = cluster.isWorker ? await hostMetrics() : await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
