import cluster, { type Worker } from 'node:cluster';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { ServerConfig } from './core/config.js';
import { aggregateWorkerMetrics } from './core/metrics.js';

/** Set in the environment of the one worker that migrates, seeds, prints the logins and makes periodic backups. */
export const LEAD_ENV = 'MPA_LEAD_WORKER';

/** This process does the once-per-server work: it serves alone, or it is the lead worker. */
export const isLead = () => cluster.isPrimary || process.env[LEAD_ENV] === '1';

/** A stopping worker to the primary: it no longer listens. The primary's answer: every worker stopped listening. */
const UNLISTENED = 'mpa:unlistened';
const ALL_UNLISTENED = 'mpa:all-unlistened';
const isMessage = (m: unknown, kind: string) => (m as { mpa?: unknown } | null)?.mpa === kind;

/**
 * In a stopping worker, once it stopped listening: resolves when no worker listens any more (at once when this
 * process serves alone, or the primary is gone; at the latest after `timeoutMs`). The workers share one listening
 * socket, which the primary closes with the last of them: a connection a worker ended before that would come back to
 * another worker, or wait in the socket's queue and be reset when it closes.
 */
export function othersStopListening(timeoutMs: number): Promise<void> {
  if (!cluster.isWorker || !process.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
      process.off('disconnect', done);
      resolve();
    };
    const onMessage = (m: unknown) => isMessage(m, ALL_UNLISTENED) && done();
    const timer = setTimeout(done, timeoutMs);
    process.on('message', onMessage);
    process.once('disconnect', done);
    // After the message with which node's cluster module gave up this worker's share of the socket: the primary reads
    // them in that order.
    process.send!({ mpa: UNLISTENED });
  });
}

/**
 * The primary of `WORKERS=N` (node:cluster): N worker processes share the port, each a whole server on the same
 * database. The lead worker starts first and alone (it migrates and seeds), the others once it listens. The primary
 * keeps the login throttles for all of them, starts a worker again when one dies, and on SIGTERM / SIGINT passes the
 * signal on and exits once every worker has drained (non-zero when one had to cut requests). A stopping worker ends
 * its connections only once no worker listens (`othersStopListening`).
 */
export function runPrimary(config: ServerConfig): void {
  new RateLimiterClusterMaster();
  // One scrape of the port answers for every worker.
  if (config.metricsToken) aggregateWorkerMetrics();
  const workers = new Map<number, { lead: boolean; listening: boolean }>();
  let listening = false;
  let stopping = false;
  let code = 0;
  const fork = (lead: boolean): Worker => {
    const worker = cluster.fork(lead ? { [LEAD_ENV]: '1' } : {});
    const state = { lead, listening: false };
    workers.set(worker.id, state);
    worker.once('listening', () => (state.listening = true));
    return worker;
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  /** Workers that stopped listening, and whether they were told that all had. */
  const unlistened = new Map<number, boolean>();
  const release = () => {
    // A worker stopping alone (the others serve on) ends its connections at once; in a stop of all, once none listens.
    if (stopping && alive().some((w) => workers.get(w.id)?.listening && !unlistened.has(w.id))) return;
    for (const [id, told] of unlistened) {
      if (told) continue;
      unlistened.set(id, true);
      cluster.workers?.[id]?.send({ mpa: ALL_UNLISTENED });
    }
  };
  cluster.on('message', (worker, message) => {
    if (!isMessage(message, UNLISTENED)) return;
    unlistened.set(worker.id, false);
    // A signal sent to the whole process group (Ctrl-C) may reach this worker before the primary: a moment to see it.
    if (stopping) release();
    else setTimeout(release, 100);
  });
  fork(true).once('listening', () => {
    listening = true;
    let waiting = config.workers - 1;
    for (let i = 1; i < config.workers; i++)
      fork(false).once('listening', () => {
        if (--waiting === 0) console.log(`${config.workers} worker processes serve port ${config.port}`);
      });
  });
  cluster.on('exit', (worker, exitCode, signal) => {
    const state = workers.get(worker.id)!;
    workers.delete(worker.id);
    unlistened.delete(worker.id);
    if (stopping) {
      release();
      // One still starting had no request to finish: the signal ending it is a clean end.
      if (exitCode || (signal && state.listening)) code = 1;
      if (!alive().length) process.exit(code);
      return;
    }
    // The lead could not start (its error is printed above: a database that does not match, a port in use).
    if (!listening) process.exit(exitCode || 1);
    console.error(`Worker ${worker.process.pid} ended (${signal ?? `exit ${exitCode}`}); starting another`);
    setTimeout(() => {
      if (stopping) return;
      const next = fork(state.lead);
      next.once('listening', () => console.log(`Worker ${next.process.pid} serves in its place`));
    }, 1000);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    release();
    const running = alive();
    if (!running.length) process.exit(0);
    for (const w of running) w.process.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
