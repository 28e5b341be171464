import cluster, { type Worker } from 'node:cluster';
import net, { type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Server } from 'node:http';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { ServerConfig } from './core/config.js';
import { stopAccepting } from './core/drain.js';
import { handOutTurns, TURNS_ENV } from './core/write-turns.js';
import { checkpointInBackground } from './core/checkpointer.js';
import { sqliteFile } from './core/db.js';
import { aggregateWorkerMetrics } from './core/metrics.js';
import { isMessage } from './core/narrow.js';
import { get } from './core/lookup.js';

/** Set in the environment of the one worker that migrates, seeds, prints the logins and makes periodic backups. */
export const LEAD_ENV = 'MPA_LEAD_WORKER';

/** This process does the once-per-server work: it serves alone, or it is the lead worker. */
export const isLead = () => cluster.isPrimary || process.env[LEAD_ENV] === '1';

/**
 * Between the primary and a worker. Worker → primary: it serves (takes connections), it is stopping, what the
 * background jobs it runs weigh. Primary → worker: a connection to serve, (the answer to "stopping") no connection
 * will follow, whether to shed its connections (it runs a job while another worker runs none), and whether another
 * worker runs no job (one running a job then leaves the queue to it).
 */
const SERVING = 'mpa:serving';
const RUNNING = 'mpa:running';
const STOPPING = 'mpa:stopping';
const CONNECTION = 'mpa:connection';
const NO_MORE = 'mpa:no-more';
const SHED = 'mpa:shed';
const OTHERS_FREE = 'mpa:others-free';

/**
 * In a worker: serves the connections the primary hands over on `server` (which does not listen itself), then tells
 * the primary it can take them.
 */
export function serveFromPrimary(
  server: Server,
  jobs: { onRunning?: (running: number) => void; othersFree: boolean },
  lifecycle: { shedding?: boolean },
): void {
  // What listen() would start: the checks of the request and headers timeouts.
  server.emit('listening');
  process.on('message', (m: unknown, socket?: Socket) => {
    if (isMessage(m, CONNECTION) && socket) server.emit('connection', socket);
    else if (isMessage(m, SHED)) lifecycle.shedding = m.on === true;
    else if (isMessage(m, OTHERS_FREE)) jobs.othersFree = m.on === true;
  });
  process.send?.({ mpa: SERVING });
  jobs.onRunning = (running) => process.send?.({ mpa: RUNNING, running });
}

/**
 * In a stopping worker: resolves once the primary will hand it no more connections (at once when this process serves
 * alone or the primary is gone; at the latest after `timeoutMs`). In a stop of all, that is once the primary stopped
 * listening; the connections it handed over before are in this process by then (messages arrive in order).
 */
export function noMoreConnections(timeoutMs: number): Promise<void> {
  if (!cluster.isWorker || !process.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
      process.off('disconnect', done);
      resolve();
    };
    const onMessage = (m: unknown) => isMessage(m, NO_MORE) && done();
    const timer = setTimeout(done, timeoutMs);
    process.on('message', onMessage);
    process.once('disconnect', done);
    process.send?.({ mpa: STOPPING });
  });
}

/**
 * The primary of `WORKERS=N` (node:cluster): N worker processes serve one port, each a whole server on the same
 * database. The lead worker starts first and alone (it migrates and seeds); once it serves, the primary listens and
 * starts the others. The primary takes in every connection and hands it to the serving workers in turn, as node's own
 * round-robin does, but a stop can then be exact: the primary stops listening once the connections waiting in its
 * queue are taken in and handed over (node's round-robin resets those it still holds when the last worker leaves), and
 * only then tells the workers to end their connections. It keeps the login throttles for all of them, starts a worker
 * again when one dies, and on SIGTERM / SIGINT passes the signal on and exits once every worker has drained (non-zero
 * when one had to cut requests).
 */
export function runPrimary(config: ServerConfig): void {
  new RateLimiterClusterMaster();
  // Workers on one SQLite file take its write lock in turns the primary hands out (core/write-turns.ts).
  const sqlite = !config.databaseUrl;
  if (sqlite) handOutTurns();
  // The workers' WAL copied into the file off their event loops (core/checkpointer.ts), until a stop begins: the last
  // worker to close then checkpoints it as SQLite does.
  const stopCheckpoints = sqlite ? checkpointInBackground(sqliteFile(config)) : undefined;
  // One scrape of the port answers for every worker.
  if (config.metricsToken) aggregateWorkerMetrics();
  const workers = new Map<
    number,
    { lead: boolean; serving: boolean; running: number; says?: (pid?: number) => string | undefined }
  >();
  /** The workers connections go to, in turn. */
  let serving: Worker[] = [];
  let turn = 0;
  /** Connections taken in while no worker serves (one restarting alone). */
  const waiting: Socket[] = [];
  let accepted = 0;
  let stopping = false;
  let listening = false;
  /** Resolves once the primary no longer listens (a stop of all). */
  let stoppedListening: Promise<void> | undefined;
  let code = 0;

  // A new connection goes to a worker running no background job when there is one, else to one whose jobs weigh least
  // (an export rather than an import, core/jobs.ts): a long import or export takes its process's event loop by turns
  // with the requests there, and the others' requests need not wait for it. On
  // PostgreSQL the connections a worker already holds when its job starts follow: it sheds them (each answer ends its
  // connection, and the client's next one comes here), as long as another worker runs no job. Not on SQLite, where a
  // worker runs its requests' queries itself: one worker serving every client was the bottleneck there (the reads'
  // p99 beside an import 1.3 → 8.9 × idle, bench/RESULTS.md), where on PostgreSQL it went down.
  const weight = (w: Worker) => workers.get(w.id)?.running ?? 0;
  const idle = (w: Worker) => !weight(w);
  // Flags each worker was last told (SHED, OTHERS_FREE; false until told otherwise), sent again only when changed.
  const told = { [SHED]: new Map<number, boolean>(), [OTHERS_FREE]: new Map<number, boolean>() };
  const tell = (w: Worker, flag: keyof typeof told, on: boolean) => {
    if (on === (told[flag].get(w.id) ?? false) || !w.isConnected()) return;
    told[flag].set(w.id, on);
    w.send({ mpa: flag, on });
  };
  const steer = () => {
    for (const w of serving) {
      const othersIdle = serving.some((other) => other !== w && idle(other));
      // A worker running a job leaves the next to one running none: two jobs in one process share its event loop.
      // On SQLite an export's batches there held up the import's turns of the write lock (the writers' p99 beside
      // them up to 2.6 x idle); on PostgreSQL the import moved at 49.5 % of its idle rate (mean of eight runs) while
      // the export took turns with it, 55.7 % with the export beside the clients instead (their reads' p99 1.0-1.8 x
      // idle, bench/RESULTS.md). On PostgreSQL a worker running a job also sheds its connections.
      tell(w, OTHERS_FREE, othersIdle);
      if (!sqlite) tell(w, SHED, !idle(w) && othersIdle);
    }
  };
  const handOver = (socket: Socket) => {
    const least = Math.min(...serving.map(weight));
    const pool = serving.filter((w) => weight(w) === least);
    const worker = pool[turn++ % pool.length];
    if (!worker) return void waiting.push(socket);
    worker.send({ mpa: CONNECTION }, socket, { keepOpen: false }, (error) => {
      // It went away meanwhile: another takes it.
      if (error && !socket.destroyed) handOver(socket);
    });
  };
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    accepted++;
    handOver(socket);
  });
  server.on('error', (e) => {
    console.error(e);
    for (const w of alive()) w.process.kill('SIGTERM');
    process.exit(1);
  });

  /** `says`: what to print once it serves. */
  const fork = (lead: boolean, says?: (pid?: number) => string | undefined): Worker => {
    const worker = cluster.fork({ ...(lead ? { [LEAD_ENV]: '1' } : {}), ...(sqlite ? { [TURNS_ENV]: '1' } : {}) });
    workers.set(worker.id, { lead, serving: false, running: 0, says });
    return worker;
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  const leave = (worker: Worker) => (serving = serving.filter((w) => w !== worker));

  const startOthers = () => {
    listening = true;
    server.listen(config.port, config.host);
    let left = config.workers - 1;
    for (let i = 1; i < config.workers; i++)
      fork(false, () => (--left ? undefined : `${config.workers} worker processes serve port ${config.port}`));
  };

  cluster.on('message', (worker, message: unknown) => {
    const state = workers.get(worker.id);
    if (!state) return;
    if (isMessage(message, RUNNING)) {
      state.running = typeof message.running === 'number' ? message.running : 0;
      steer();
    } else if (isMessage(message, SERVING)) {
      state.serving = true;
      if (stopping) return;
      const line = state.says?.(worker.process.pid);
      if (line) console.log(line);
      serving.push(worker);
      steer();
      waiting.splice(0).forEach(handOver);
      if (!listening) startOthers();
    } else if (isMessage(message, STOPPING)) {
      // Stopping alone (the others serve on), it gets no connection from now on; in a stop of all, once the primary
      // no longer listens. A signal sent to the whole process group (Ctrl-C) may reach it before the primary: a
      // moment to see that.
      const answer = () => {
        if (!stopping) {
          leave(worker);
          steer();
        }
        void (stoppedListening ?? Promise.resolve()).then(() => {
          if (worker.isConnected()) worker.send({ mpa: NO_MORE });
        });
      };
      if (stopping) answer();
      else setTimeout(answer, 100);
    }
  });
  fork(true);

  cluster.on('exit', (worker, exitCode, signal) => {
    const state = get(workers, worker.id, 'Worker');
    workers.delete(worker.id);
    for (const said of Object.values(told)) said.delete(worker.id);
    leave(worker);
    steer();
    if (stopping) {
      // One still starting had no request to finish: the signal ending it is a clean end.
      if (exitCode || (signal && state.serving)) code = 1;
      if (!alive().length) process.exit(code);
      return;
    }
    // The lead could not start (its error is printed above: a database that does not match).
    if (!listening) process.exit(exitCode || 1);
    console.error(`Worker ${worker.process.pid} ended (${signal ?? `exit ${exitCode}`}); starting another`);
    setTimeout(() => {
      if (!stopping) fork(state.lead, (pid) => `Worker ${pid} serves in its place`);
    }, 1000);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void stopCheckpoints?.();
    const running = alive();
    if (!running.length) process.exit(0);
    // Every worker turns unready at once, and serves what comes meanwhile (SHUTDOWN_DELAY, for a load balancer to see
    // it) and the connections then still waiting.
    for (const w of running) w.process.kill(signal);
    stoppedListening = listening
      ? sleep(config.shutdownDelay).then(() => stopAccepting(server, () => accepted, config.shutdownTimeout / 2))
      : undefined;
    void stoppedListening?.then(() => {
      serving = [];
      for (const socket of waiting.splice(0)) socket.destroy();
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
