import type { FieldMeta } from '../../../shared/entity-meta.js';
import { q, type Dialect } from '../db.js';

/**
 * One WHERE condition with `?` placeholders. `key` names its shape (not its values): queries with the same keys
 * share one SQL text and so one prepared statement.
 */
export interface Cond {
  key: string;
  sql: string;
  params: unknown[];
  /**
   * The same condition as a row source for a page in id order: `from` yields the matching ids as `match_id` in
   * either order, so the page walks them newest first and stops at LIMIT instead of collecting every match (a
   * common word among a million names). `sql` stays the condition for counts and other orders.
   */
  source?: { from: string; params: unknown[] };
  /**
   * The same condition tested on one row, without an index (`sql` narrows through one, then applies this): a page in
   * another order walks that order's index and tests each row when the matches are too many to sort.
   */
  perRow?: { sql: string; params: unknown[] };
}

const PG_ARRAY: Record<string, string> = { integer: 'bigint[]', number: 'float8[]', boolean: 'bool[]' };

/** `column IN (values)` with ONE placeholder whatever the count (json_each on SQLite, = ANY on PostgreSQL). */
export function inCond(
  key: string,
  column: string,
  values: unknown[],
  type: FieldMeta['type'],
  dialect: Dialect,
): Cond {
  if (dialect === 'sqlite') {
    return { key, sql: `${q(column)} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] };
  }
  return { key, sql: `${q(column)} = ANY(?::${PG_ARRAY[type] ?? 'text[]'})`, params: [values] };
}

export const eqCond = (key: string, column: string, value: unknown): Cond => ({
  key,
  sql: `${q(column)} = ?`,
  params: [value],
});

/** `%text%` with LIKE wildcards escaped (ESCAPE '\'). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const likeOp = (dialect: Dialect) => (dialect === 'postgres' ? 'ILIKE' : 'LIKE');
