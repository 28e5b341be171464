import type { Kysely } from 'kysely';
import type { Database, TableName } from '../../../../generated/database.js';
import type { Row } from '../db.js';
import { dynamic } from './dynamic.js';

/**
 * Rows read once for all the rows of a batch (an import's): referenced records by table and columns, then id
 * (`undefined`: known not to be there). A row not read ahead is read on its own, as without it.
 */
export class BatchReads {
  private known = new Map<string, Map<number, Row | undefined>>();

  private once = new Map<string, Promise<unknown>>();

  /** What `run` answers, run once for the batch (a lookup every row of it makes alike). */
  memo<T>(key: string, run: () => Promise<T>): Promise<T> {
    let p = this.once.get(key) as Promise<T> | undefined;
    if (!p) this.once.set(key, (p = run()));
    return p;
  }

  /** The row `id` of `key` when read ahead (`found: false`: not read ahead). */
  get(key: string, id: number): { found: boolean; row?: Row } {
    const rows = this.known.get(key);
    return rows?.has(id) ? { found: true, row: rows.get(id) } : { found: false };
  }

  /** Reads the rows `ids` of `table` (the columns `cols`) in one query a few hundred ids, noting those not there. */
  async read(k: Kysely<Database>, key: string, table: TableName, cols: string[], ids: number[]): Promise<void> {
    let rows = this.known.get(key);
    if (!rows) this.known.set(key, (rows = new Map()));
    const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && !rows!.has(id));
    for (let i = 0; i < wanted.length; i += 500) {
      const some = wanted.slice(i, i + 500);
      const found = (await dynamic(k).selectFrom(table).select(cols).where('id', 'in', some).execute()) as Row[];
      for (const id of some) rows.set(id, undefined);
      for (const r of found) rows.set(Number(r.id), r);
    }
  }
}
