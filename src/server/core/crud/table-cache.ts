import type { WriteHooks } from '../write-hooks.js';

/** How long a total past the count cap ("10,000+") outlives writes to its table. */
export const CAPPED_TTL_MS = 10_000;

interface Entry {
  value: unknown;
  /** What it costs to hold (see TableCacheLimits.weigh). */
  weight: number;
  /** Set on a capped total: kept across writes until then. */
  until?: number;
}

/** How much a cache holds per table: at most `maxWeight` in all, each value weighing `weigh(value)` (default 1). */
export interface TableCacheLimits {
  maxWeight: number;
  weigh?: (value: unknown) => number;
}

/**
 * What a table's reads answered, per (table, query shape + params), dropped as soon as the table is written, so an
 * answer is exact after any write, on any process (the hooks hear other processes' writes too, before an answer:
 * `WriteHooks.caughtUp`). Two instances: list totals and tab counts (`counts`), and list pages (`pages`, reads.ts).
 * A total past the count cap is an estimate anyway ("10,000+"): it stays for CAPPED_TTL_MS whatever is written, so a
 * busy table does not recount ten thousand rows for every page. A value whose read started before a write finished is
 * not stored (per-table version check). Requests asking for the same value at the same time share one read: when a
 * big table's cached total lapses under load, fifty concurrent pages would otherwise each recount it. Past its
 * weight, a table's least recently asked values go first.
 */
export class TableCache {
  private tables = new Map<string, { entries: Map<string, Entry>; weight: number }>();
  private versions = new Map<string, number>();
  /** Reads under way, per table version and key: a request after a write does not join a read begun before. */
  private flights = new Map<string, Promise<unknown>>();

  constructor(
    private hooks: WriteHooks,
    private limits: TableCacheLimits = { maxWeight: 500 },
  ) {
    hooks.on((table) => {
      const held = this.tables.get(table);
      if (held)
        for (const [key, e] of held.entries)
          if (!e.until) {
            held.entries.delete(key);
            held.weight -= e.weight;
          }
      this.versions.set(table, this.version(table) + 1);
    });
  }

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  /** What is held of `key` (after `hooks.caughtUp()`: `through` looks there first). */
  get<T = number>(table: string, key: string): T | undefined {
    const held = this.tables.get(table);
    const e = held?.entries.get(key);
    if (!held || !e) return undefined;
    held.entries.delete(key);
    if (e.until && e.until < Date.now()) {
      held.weight -= e.weight;
      return undefined;
    }
    // Last again in the insertion order: the values asked for most stay longest.
    held.entries.set(key, e);
    return e.value as T;
  }

  /**
   * The cached value of `key`, else `compute()`'s, stored as `set` does (`capped` tells whether it outlives writes);
   * callers arriving while it is computed for the same table version share that computation.
   */
  async through<T>(
    table: string,
    key: string,
    compute: () => Promise<T>,
    capped: (v: T) => boolean = () => false,
  ): Promise<T> {
    // SQLite answers at once; PostgreSQL after a round trip shared by the requests meanwhile, and not while other
    // processes' writes cannot be heard (then the database answers, and nothing is kept).
    const caughtUp = this.hooks.caughtUp();
    if (caughtUp !== true && !(await caughtUp)) return compute();
    const hit = this.get<T>(table, key);
    if (hit !== undefined) return hit;
    const version = this.version(table);
    const flight = `${table}\0${version}\0${key}`;
    let p = this.flights.get(flight) as Promise<T> | undefined;
    if (!p) {
      p = compute()
        .then((v) => {
          this.set(table, key, v, version, capped(v));
          return v;
        })
        .finally(() => this.flights.delete(flight));
      this.flights.set(flight, p);
    }
    return p;
  }

  /** Stores `value` unless `table` was written since `version`; `capped` keeps it across writes (see above). */
  set(table: string, key: string, value: unknown, version: number, capped = false): void {
    if (version !== this.version(table) && !capped) return;
    const weight = this.limits.weigh?.(value) ?? 1;
    if (weight > this.limits.maxWeight) return;
    let held = this.tables.get(table);
    if (!held) this.tables.set(table, (held = { entries: new Map(), weight: 0 }));
    const old = held.entries.get(key);
    if (old) {
      held.entries.delete(key);
      held.weight -= old.weight;
    }
    // The least recently asked first (a Map keeps its insertion order, `get` puts a value asked for last).
    for (const [k, e] of held.entries) {
      if (held.weight + weight <= this.limits.maxWeight) break;
      held.entries.delete(k);
      held.weight -= e.weight;
    }
    held.entries.set(key, { value, weight, ...(capped && { until: Date.now() + CAPPED_TTL_MS }) });
    held.weight += weight;
  }
}
