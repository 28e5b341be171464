import type { WriteHooks } from '../write-hooks.js';

const MAX_PER_TABLE = 500;

/**
 * Totals and tab counts per (table, query shape + params), dropped as soon as the table is written. A count that started before
 * a write finished is not stored (per-table version check).
 */
export class CountCache {
  private tables = new Map<string, Map<string, unknown>>();
  private versions = new Map<string, number>();

  constructor(hooks: WriteHooks) {
    hooks.on((table) => {
      this.tables.delete(table);
      this.versions.set(table, this.version(table) + 1);
    });
  }

  version(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  get<T = number>(table: string, key: string): T | undefined {
    return this.tables.get(table)?.get(key) as T | undefined;
  }

  set(table: string, key: string, n: unknown, version: number): void {
    if (version !== this.version(table)) return;
    let m = this.tables.get(table);
    if (!m) this.tables.set(table, (m = new Map()));
    if (m.size >= MAX_PER_TABLE) m.clear();
    m.set(key, n);
  }
}
