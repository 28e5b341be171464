import cluster, { type Worker } from 'node:cluster';
import { isMessage } from './narrow.js';

/**
 * SQLite's write lock shared by the worker processes of `WORKERS=N`, taken in turns the primary hands out. A worker
 * waiting for the lock inside SQLite (`busy_timeout`) sleeps with its event loop stopped: none of its requests moves
 * meanwhile, and the other worker, whose transactions span turns of its own event loop, can take the lock again and
 * again before the sleeper looks. Under load the waits added up to tens of seconds. Asking the primary instead is a
 * message each way: the event loop goes on while it waits, and turns go first come, first served.
 */
const ASK = 'mpa:write-turn';
const GRANTED = 'mpa:write-turn-granted';
const DONE = 'mpa:write-turn-done';

/** How long a worker holding the turn goes on writing for others of its own waiting then (ms). */
const GROUP_MS = 10;

/** Set by the primary in its workers' environment when they share one SQLite file. */
export const TURNS_ENV = 'MPA_WRITE_TURNS';

export interface WriteTurns {
  /** Resolves once this process may write. */
  take(): Promise<void>;
  /** Its write transaction ended (committed or rolled back). */
  give(): void;
}

/** In a worker told to (`TURNS_ENV`): turns asked of the primary; otherwise undefined (SQLite's own wait does). */
export function turnsFromPrimary(): WriteTurns | undefined {
  if (!cluster.isWorker || process.env[TURNS_ENV] !== '1' || !process.send) return undefined;
  const waiting: (() => void)[] = [];
  // `held`: this process holds the turn (since `since`); `asked`: it asked the primary for one, not yet granted.
  let held = false;
  let asked = false;
  let since = 0;
  const ask = () => {
    if (asked || !process.connected) return;
    asked = true;
    process.send?.({ mpa: ASK });
  };
  process.on('message', (m: unknown) => {
    if (!isMessage(m, GRANTED)) return;
    asked = false;
    held = true;
    since = performance.now();
    waiting.shift()?.();
  });
  // The primary gone (a stop): the process writes as SQLite lets it.
  process.once('disconnect', () => waiting.splice(0).forEach((go) => go()));
  return {
    take: () =>
      new Promise((resolve) => {
        if (!process.connected) return resolve();
        waiting.push(resolve);
        if (!held) ask();
      }),
    give: () => {
      if (!held) return;
      // Others here wait for it: they write now, in the order they asked, for up to GROUP_MS of this turn. A turn's
      // hand-over waits for a busy event loop to read it, so a worker's writes taken one turn each left every other
      // worker's waiting for that loop again and again (an import beside a busy worker: 6 % of its idle rate).
      const next = waiting.length && performance.now() - since < GROUP_MS ? waiting.shift() : undefined;
      if (next) return next();
      held = false;
      if (process.connected) process.send?.({ mpa: DONE });
      if (waiting.length) ask();
    },
  };
}

/** In the primary: hands the write turn to one worker at a time, in the order they asked; a worker gone gives it up. */
export function handOutTurns(): void {
  const queue: Worker[] = [];
  let holder: Worker | undefined;
  const next = () => {
    holder = undefined;
    while (!holder && queue.length) {
      const w = queue.shift();
      if (w?.isConnected()) {
        holder = w;
        w.send({ mpa: GRANTED });
      }
    }
  };
  cluster.on('message', (worker, m: unknown) => {
    if (isMessage(m, ASK)) {
      queue.push(worker);
      if (!holder) next();
    } else if (isMessage(m, DONE) && worker === holder) next();
  });
  cluster.on('exit', (worker) => {
    for (let i = queue.indexOf(worker); i >= 0; i = queue.indexOf(worker)) queue.splice(i, 1);
    if (worker === holder) next();
  });
}
