import type { WriteHooks } from '../write-hooks.js';

const MAX_PER_TABLE = 500;

/**
 * Totals per (table, query shape + params), dropped as soon as the table is written. A count that started before
 * a write finished is not stored (per-table version check).
 */
export class CountCache {
  private tables = new Map<string, Map<string, number>>();
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

  get(table: string, key: string): number | undefined {
    return this.tables.get(table)?.get(key);
  }

  set(table: string, key: string, n: number, version: number): void {
    if (version !== this.version(table)) return;
    let m = this.tables.get(table);
    if (!m) this.tables.set(table, (m = new Map()));
    if (m.size >= MAX_PER_TABLE) m.clear();
    m.set(key, n);
  }
}
