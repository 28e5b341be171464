import type { WriteHooks } from '../write-hooks.js';

const MAX_PER_TABLE = 500;
/** How long a total past the count cap ("10,000+") outlives writes to its table. */
export const CAPPED_TTL_MS = 10_000;

interface Entry {
  value: unknown;
  /** Set on a capped total: kept across writes until then. */
  until?: number;
}

/**
 * Totals and tab counts per (table, query shape + params), dropped as soon as the table is written, so a list's
 * total is exact after any write, on any process (the hooks hear other processes' writes too). A total past the
 * count cap is an estimate anyway ("10,000+"): it stays for CAPPED_TTL_MS whatever is written, so a busy table does
 * not recount ten thousand rows for every page. A count that started before a write finished is not stored
 * (per-table version check). Requests asking for the same count at the same time share one query: when a big
 * table's cached total lapses under load, fifty concurrent pages would otherwise each recount it.
 */
export class CountCache {
  private tables = new Map<string, Map<string, Entry>>();
  private versions = new Map<string, number>();
  /** Counts being computed, per table version and key: a request after a write does not join a count begun before. */
  private flights = new Map<string, Promise<unknown>>();

  constructor(private hooks: WriteHooks) {
    hooks.on((table) => {
      const entries = this.tables.get(table);
      if (entries) for (const [key, e] of entries) if (!e.until) entries.delete(key);
      this.versions.set(table, this.version(table) + 1);
    });
  }

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  get<T = number>(table: string, key: string): T | undefined {
    this.hooks.catchUp();
    const entries = this.tables.get(table);
    const e = entries?.get(key);
    if (e?.until && e.until < Date.now()) {
      entries!.delete(key);
      return undefined;
    }
    return e?.value as T | undefined;
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
    let m = this.tables.get(table);
    if (!m) this.tables.set(table, (m = new Map()));
    if (m.size >= MAX_PER_TABLE) m.clear();
    m.set(key, { value, ...(capped && { until: Date.now() + CAPPED_TTL_MS }) });
  }
}
