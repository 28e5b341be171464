import cluster from 'node:cluster';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import type { ServerConfig } from './core/config.js';
import { connect, type Db } from './core/db.js';
import { migrate, startupTurn } from './core/migrate.js';
import { registerErrorHandler, transportErrors } from './core/errors.js';
import { BODY_LIMIT, registerBodyParsers } from './core/body.js';
import { createTokens, loadSecret, setPasswordHashCost } from './core/auth.js';
import { AuthUsers } from './core/auth-users.js';
import { registerGuard } from './core/guard.js';
import { ApiRoutes } from './core/routes.js';
import { registerAllCrud, type CrudContext } from './core/crud.js';
import { pageWeight } from './core/crud/reads.js';
import { TableCache } from './core/crud/table-cache.js';
import { seed } from './domains/seed/index.js';
import { domains } from './domains/index.js';
import { registerUi } from './ui.js';
import { registerApiDocs } from './api-docs.js';
import { registerAuditScope } from './core/audit.js';
import { Throttle, throttleLimits } from './core/throttle.js';
import { registerSecurityHeaders } from './core/headers.js';
import { loggerOptions, refuseSecretsInQuery } from './core/secrets.js';
import { refuseNul } from './core/input-guard.js';
import { registerEdgeValidation } from './core/edge.js';
import type { AppContext } from './context.js';
import { registerHealth, type Lifecycle } from './core/health.js';
import { registerPressure, type Pressure } from './core/pressure.js';
import { Metrics, registerMetrics } from './core/metrics.js';
import { startPeriodicBackups } from './core/backup.js';
import { JobRunner } from './core/jobs.js';
import { sharedSerializers } from './core/serializers.js';

export interface BuiltApp {
  app: FastifyInstance;
  db: Db;
  /** Readiness inputs; `shuttingDown` turns `/ready` to 503 before the server closes. */
  lifecycle: Lifecycle;
  /** Back-pressure: the last sample's verdict (`sample()` takes one now). */
  pressure: Pressure;
  /** The background import/export runner. */
  jobs: JobRunner;
  /** Prometheus metrics of this app; only when a metrics token is configured. */
  metrics?: Metrics;
  /** Closes the HTTP server and the database (after a periodic backup under way). */
  close(): Promise<void>;
  /** Outside demo mode, the password generated for the first `admin` of a new database (shown once). */
  generatedPassword?: string;
}

/**
 * Connect, migrate, seed, then Fastify with: error handler, compression, body parsers, API (guard, domains, generic
 * CRUD), UI.
 */
export async function buildApp(config: ServerConfig): Promise<BuiltApp> {
  setPasswordHashCost(config.passwordHashCost);
  const db = connect(config);
  let generatedPassword: string | undefined;
  const lifecycle: Lifecycle = { migrated: false, shuttingDown: false, closingConnections: false };
  try {
    // The migrations applied are printed whatever LOG says: a quiet server still tells what changed its database.
    const log = (line: string) => console.log(line);
    // Processes started together on a new database take turns: one migrates and seeds, the others find it done.
    ({ generatedPassword } = await startupTurn(
      db,
      async () => {
        await migrate(db, undefined, { log });
        lifecycle.migrated = true;
        return seed(db, { demo: config.demo, adminPassword: config.adminPassword, apiBase: config.apiBase });
      },
      log,
    ));
  } catch (e) {
    await db.close();
    throw e;
  }
  const app = Fastify({
    logger: config.logger && loggerOptions,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers } },
    ...transportErrors,
  });
  app.addHook('onClose', async () => db.close());
  registerErrorHandler(app);
  const probes = ['health', 'ready', 'metrics'].map((p) => `${config.apiBase}/${p}`);
  // First of all hooks: every answer carries them, a refusal by the hooks below too.
  await registerSecurityHeaders(app);
  // Then an overloaded server refuses before doing any work for the request.
  const pressure = registerPressure(app, config.pressure, config.apiBase, probes);
  const { metricsToken } = config;
  const metrics = metricsToken ? new Metrics() : undefined;
  if (metrics && metricsToken) {
    metrics.watch(db);
    // Before compression, whose hook turns the answer into a stream.
    registerMetrics(app, metrics, `${config.apiBase}/metrics`, metricsToken);
  }
  // Before any route: API answers and UI files alike go out br/gzip-compressed when the client accepts it.
  await app.register(fastifyCompress, { global: true });
  await registerBodyParsers(app);
  // Outside the API scope (no token, no audit), before the API docs (not enveloped API routes): load balancers'
  // plain status codes.
  registerHealth(app, config.apiBase, db, lifecycle, pressure);
  // Before the API's routes: the OpenAPI document collects each one as it is added.
  await registerApiDocs(app, config);
  const crud: CrudContext = {
    db,
    counts: new TableCache(db.hooks),
    ...(config.pageCacheRows > 0 && {
      pages: new TableCache(db.hooks, { maxWeight: config.pageCacheRows, weigh: pageWeight }),
    }),
  };
  if (metrics) {
    metrics.watchCache(crud.counts, 'list_counts');
    if (crud.pages) metrics.watchCache(crud.pages, 'list_pages');
  }
  const users = new AuthUsers(db);
  const jobs = new JobRunner(crud, users, {
    ...config.jobs,
    dir: path.join(config.dataDir, 'exports'),
    // One of WORKERS=N processes (workers.ts) on the same database.
    shared: cluster.isWorker,
  });
  crud.jobs = jobs;
  if (metrics) jobs.onCounts = (counts) => counts.forEach(({ kind, state, n }) => metrics.jobs.set({ kind, state }, n));
  const ctx: AppContext = {
    config,
    db,
    crud,
    tokens: createTokens(loadSecret(config)),
    users,
    throttle: await Throttle.open(db, throttleLimits(config.registerLimit)),
    jobs,
    lifecycle,
  };
  if (metrics) ctx.users.onLookup = (hit) => metrics.cache('auth_users', hit);
  await app.register(
    async (api) => {
      refuseSecretsInQuery(api);
      refuseNul(api);
      // A request's caches are caught up with other processes as of its arrival, once, before its work: on SQLite
      // one look at the file's change counter; on PostgreSQL one round trip on the LISTEN connection, shared (what
      // a request holds while it waits outlives the young generation). And on PostgreSQL a write's answer leaves
      // once its NOTIFY has committed, so a request its client sends next to another process finds it heard.
      api.addHook('onRequest', (_request, _reply, done) => db.hooks.within(done));
      if (db.hooks.broadcast)
        api.addHook('onSend', async (request) => {
          if (request.method !== 'GET') await db.hooks.settled();
        });
      registerEdgeValidation(api);
      registerAuditScope(api);
      registerGuard(api, {
        tokens: ctx.tokens,
        users: ctx.users,
        apiBase: config.apiBase,
        enforceResources: config.enforceResources,
      });
      const routes = new ApiRoutes(api);
      for (const domain of domains) domain(routes, ctx);
      registerAllCrud(routes, crud);
      routes.checkReplacements();
    },
    { prefix: config.apiBase },
  );
  await registerUi(app, config);
  await app.ready();
  // Started here, outside any request: the runner's timers and its jobs' writes belong to no caller.
  await jobs.start();
  const stopBackups = startPeriodicBackups(
    db,
    { ...config.backup, dir: config.backup.dir ?? path.join(config.dataDir, 'backups') },
    {
      info: (line) => app.log.info(line),
      // Seen even with the request log off: a backup that silently stopped is found only when it is needed.
      error: (line) => console.error(line),
      done: (at) => metrics?.lastBackup.set(at.getTime() / 1000),
    },
  );
  const close = async () => {
    lifecycle.shuttingDown = lifecycle.closingConnections = true;
    await stopBackups();
    // The running batch finishes and its job goes back to the queue, before the database closes.
    await jobs.stop();
    return app.close();
  };
  return { app, db, lifecycle, pressure, jobs, metrics, close, generatedPassword };
}
