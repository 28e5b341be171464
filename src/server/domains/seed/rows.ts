import type { Insertable, Kysely } from 'kysely';
import type { Database, TableName } from '../../../../generated/database.js';

/** A row of `table` as the generated types (from its schema) allow it to be inserted. */
export type Row<T extends TableName> = Insertable<Database[T]>;

/**
 * `R` with every key its table does not have typed `never`: rows built apart from the insert (in a `.map()`, a
 * helper, a spread of demo data) escape TypeScript's excess-property check, so a column renamed or dropped in a
 * schema would still be written and only fail at start on a fresh database. This makes it fail `tsc` instead.
 */
type Exact<T, R> = R & Record<Exclude<keyof R, keyof T>, never>;

/** Inserts one seed row, its columns checked against the table's generated type (chain `.returning()` on it). */
export function insertRow<T extends TableName, R extends Row<T>>(
  trx: Kysely<Database>,
  table: T,
  row: Exact<Row<T>, R>,
) {
  return trx.insertInto(table).values(row as never);
}

/** Inserts seed rows in slices small enough for every driver's parameter limit, checked as insertRow's. */
export async function insertRows<T extends TableName, R extends Row<T>>(
  trx: Kysely<Database>,
  table: T,
  rows: readonly Exact<Row<T>, R>[],
): Promise<void> {
  if (!rows.length) return;
  const size = Math.max(1, Math.floor(30_000 / Object.keys(rows[0]).length));
  for (let i = 0; i < rows.length; i += size) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}
