type Listener = (table: string) => void;

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
  /** Tells the other server processes on the same database (set on PostgreSQL: LISTEN/NOTIFY). */
  broadcast?: (tables: string[]) => void;
  /**
   * Hears, right now, what other processes wrote since the last call (set on SQLite, whose processes share no
   * channel: a cheap look at the file's change counter). Caches call `catchUp()` before answering from memory.
   */
  sync?: () => void;
  /**
   * Whether other processes' writes reach this one now: always on SQLite (`sync`); on PostgreSQL only while the
   * LISTEN connection is up (a cache that must not be stale reads the database when it is not).
   */
  hearing = true;

  catchUp(): void {
    this.sync?.();
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
    if (!this.outbox.size)
      setImmediate(() => {
        const tables = [...this.outbox];
        this.outbox.clear();
        this.broadcast?.(tables);
      });
    this.outbox.add(table);
  }

  /** A table another process wrote: caches here drop what they hold of it. */
  emitRemote(table: string): void {
    for (const l of this.listeners) l(table);
  }
}
