/**
 * SQL names and expressions shared by codegen (migrations) and the server (queries), so an index and the query
 * that should use it are built by the same code.
 */

/** camelCase → snake_case (`nickName` → `nick_name`, `bigPic` → `big_pic`). */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** `snakeCase` at the type level. */
export type SnakeCase<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}`
  : S;

/** `{ nickName: 1 }` → `{ nick_name: 1 }`, keys typed, so a typed query builder checks them against the table. */
export const snakeKeys = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [snakeCase(k), v])) as {
    [K in keyof T & string as SnakeCase<K>]: T[K];
  };

/** SQLite FTS5 shadow table of `table` (keyword search). */
export const ftsTable = (table: string) => `${table}_fts`;

/** The triggers that keep `table`'s FTS table in step: after insert, delete, update of its columns. */
export const ftsTriggers = (table: string) => ['ai', 'ad', 'au'].map((k) => `${ftsTable(table)}_${k}`);

/** PostgreSQL cuts longer identifiers, so two long names could meet. */
const NAME_MAX = 63;

/** FNV-1a of `s` as 8 hex digits: a short, stable tag for a cut name. */
function tag(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** Index on columns: `idx_<table>_<column>[_<column>…]`, cut to 63 characters with a tag of the whole when longer. */
export function indexName(table: string, columns: string): string {
  const name = `idx_${table}_${columns}`;
  return name.length <= NAME_MAX ? name : `${name.slice(0, NAME_MAX - 9)}_${tag(name)}`;
}

/** PostgreSQL trigram index of the keyword expression. */
export const keywordIndexName = (table: string) => `idx_${table}_kw`;

/**
 * The keyword search expression over `columns`: `coalesce(a,'') || ' ' || coalesce(b,'')`. The PostgreSQL gin
 * index is built on exactly this text, so a query must use it verbatim (`<expr> ILIKE $1`) to hit the index.
 */
export const keywordExpr = (columns: readonly string[]) => columns.map((c) => `coalesce(${c},'')`).join(` || ' ' || `);
