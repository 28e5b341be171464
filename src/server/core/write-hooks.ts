import { contextKey } from './context.js';

type Listener = (table: string) => void;

/**
 * When the request being served came in (`WriteHooks.within`): one look (`sync`) or round trip (`barrier`) made since
 * answers all its caches, as no write answered before it can be missed.
 */
const arrivals = contextKey<number>('arrival');

/** Runs `fn` as no request's work (background work started by a request must look again each time). */
export const outsideArrival = <T>(fn: () => T): T => arrivals.run(undefined, fn);

/**
 * How long a request's arrival stands for its work: what runs later in its context (a stream's ticker, a loop it
 * started) looks again each time, as outside any request.
 */
const ARRIVAL_REACH_MS = 1000;

/** When the request being served came in, if it came in within ARRIVAL_REACH_MS. */
function arrival(): number | undefined {
  const at = arrivals.get();
  return at !== undefined && performance.now() - at < ARRIVAL_REACH_MS ? at : undefined;
}

/**
 * A registry held per app, made on first use: keyed by its database handle's write hooks, which the app's background
 * handle shares, so two apps in one process never share one.
 */
export function perApp<T extends object>(make: () => T): (db: { hooks: WriteHooks }) => T {
  const held = new WeakMap<WriteHooks, T>();
  return (db) => {
    let value = held.get(db.hooks);
    if (!value) held.set(db.hooks, (value = make()));
    return value;
  };
}

/**
 * Tells caches which tables changed. Every INSERT/UPDATE/DELETE that goes through Kysely is told here by the write
 * capture (core/write-capture.ts: before and after it runs, and when its transaction ends), so count caches and the
 * auth cache never depend on callers remembering to invalidate them.
 */
export class WriteHooks {
  private listeners: Listener[] = [];
  private outbox = new Set<string>();
  /** Notifications sent and not yet acknowledged by the database. */
  private sending = new Set<Promise<void>>();
  /** Tells the other server processes on the same database (set on PostgreSQL: LISTEN/NOTIFY). */
  broadcast?: (tables: string[]) => Promise<void>;
  /**
   * Hears, right now, what other processes wrote since the last call (set on SQLite, whose processes share no
   * channel: a cheap look at the file's change counter). Caches call `catchUp()` before answering from memory.
   */
  sync?: () => void;
  /**
   * PostgreSQL: resolves once every notification committed before `since` (a `performance.now()`) has been heard
   * here: a round trip on the LISTEN connection sent after it, shared by the calls made meanwhile; false while other
   * processes cannot be heard.
   */
  barrier?: (since: number) => Promise<boolean>;
  /** When `sync` last looked. */
  private syncedAt = -Infinity;
  /**
   * Whether other processes' writes reach this one now: always on SQLite (`sync`); on PostgreSQL only while the
   * LISTEN connection is up (a cache that must not be stale reads the database when it is not).
   */
  hearing = true;

  /** SQLite: hears other processes' commits now, unless it looked since the request being served came in. */
  catchUp(): void {
    if (!this.sync) return;
    const since = arrival();
    if (since !== undefined && this.syncedAt >= since) return;
    this.syncedAt = performance.now();
    this.sync();
  }

  /**
   * Whether what a cache holds may answer now, exactly as the database would: on SQLite at once (the change
   * counter, looked at here); on PostgreSQL once every write another process answered before this call has been
   * heard (`barrier`, with `settled()` on the writer's side), false while it cannot be.
   */
  caughtUp(): true | Promise<boolean> {
    if (!this.barrier) {
      this.catchUp();
      return true;
    }
    return this.hearing ? this.barrier(arrival() ?? performance.now()) : Promise.resolve(false);
  }

  /**
   * Runs a request's work (`next`) as having come in now, once caught up as of now (see `caughtUp`). The requests
   * released by one round trip go on one by one, each as far as it runs without waiting (a macrotask each): resumed
   * together, their promise chains would interleave and every one of them would hold its objects across the young
   * generation's collections (on PostgreSQL at 50 connections, GC took 178 of a cached page's 407 µs; now as on
   * SQLite, about 30).
   */
  within(next: () => void): void {
    arrivals.run(performance.now(), () => {
      const caughtUp = this.caughtUp();
      if (caughtUp === true) next();
      else void caughtUp.then(() => setImmediate(next));
    });
  }

  on(listener: Listener): void {
    this.listeners.push(listener);
  }

  /**
   * A table written here. Also called by raw writers (the generic layer's fast path) and after transactions end,
   * so the last word about a transaction's tables goes out once it has committed.
   */
  emit(table: string): void {
    this.emitRemote(table);
    if (!this.broadcast) return;
    if (!this.outbox.size) setImmediate(() => this.send());
    this.outbox.add(table);
  }

  /**
   * Sends what is waiting now; resolves once every notification sent so far is committed. A write's answer waits for
   * it, so the other processes' caches hear the write before its client can ask them (see `caughtUp`).
   */
  settled(): Promise<void> | undefined {
    this.send();
    return this.sending.size ? Promise.all(this.sending).then(() => undefined) : undefined;
  }

  private send(): void {
    if (!this.outbox.size || !this.broadcast) return;
    const tables = [...this.outbox];
    this.outbox.clear();
    const sent = this.broadcast(tables).finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** A table another process wrote: caches here drop what they hold of it. */
  emitRemote(table: string): void {
    for (const l of this.listeners) l(table);
  }
}
