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
