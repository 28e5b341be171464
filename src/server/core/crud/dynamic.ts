import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, TableName } from '../../../../generated/database.js';
import type { EntityRuntime } from './runtime.js';

/** A row of a table chosen at run time: column → value. */
export type AnyRow = Record<string, unknown>;

/** The database seen through `dynamic`: any of its tables, with columns the compiler does not know. */
export type DynamicDb = Kysely<Record<TableName, AnyRow>>;

/**
 * THE cast of the typed database (this file holds the only ones). The generic layer reads and writes the table of
 * an entity chosen at run time (`rt.table`) with columns taken from its FieldMeta, so the compiler cannot check
 * those names; this view types every table as rows of unknown columns. Only the generic layer (core/crud) and tests
 * use it; domain code addresses tables through `tables.<entity>` and gets every column checked.
 */
export const dynamic = (k: Kysely<Database>): DynamicDb => k as unknown as DynamicDb;

/**
 * An entity's record columns (`rt.selectList`: `first_letter as firstLetter`, …, from its FieldMeta) selected on a
 * typed query of its table: domain code writes the conditions, checked; the aliases are the same case as `dynamic`.
 */
export function recordColumns<TB extends TableName>(qb: SelectQueryBuilder<Database, TB, object>, rt: EntityRuntime) {
  return (qb as unknown as SelectQueryBuilder<Record<TableName, AnyRow>, TB, object>).select(rt.selectList);
}

/** A domain's insert of rows built from FieldMeta (toRow) into `table`. */
export async function insertRows(trx: Kysely<Database>, table: TableName, rows: AnyRow[]): Promise<void> {
  // In statements of at most SQL_PARAMS_MAX values (SQLite refuses more than 32,766 per statement).
  const per = Math.max(1, Math.floor(SQL_PARAMS_MAX / Math.max(1, Object.keys(rows[0] ?? {}).length)));
  for (let i = 0; i < rows.length; i += per)
    await dynamic(trx)
      .insertInto(table)
      .values(rows.slice(i, i + per))
      .execute();
}

/** Values one statement may carry on both databases (SQLite 32,766; PostgreSQL 65,535). */
export const SQL_PARAMS_MAX = 30_000;
