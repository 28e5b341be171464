import type { Kysely } from 'kysely';
import type { Database, TableName } from '../../../../generated/database.js';
import { dynamic } from './dynamic.js';

/** A column of table `T` (of any of them, for a union): callers name join tables and columns, checked by the compiler. */
export type ColumnOf<T extends TableName> = T extends TableName ? keyof Database[T] & string : never;

/** The `otherCol` ids linked to `ownerId` in a join table. */
export async function linkedIds<T extends TableName>(
  k: Kysely<Database>,
  table: T,
  ownerCol: ColumnOf<T>,
  ownerId: number,
  otherCol: ColumnOf<T>,
): Promise<number[]> {
  // Whichever join table: its column names were checked at the call (ColumnOf).
  const t: TableName = table;
  const [owner, other]: string[] = [ownerCol, otherCol];
  const rows = await dynamic(k).selectFrom(t).select(other).where(owner, '=', ownerId).execute();
  return rows.map((r) => Number(r[other]));
}

/** Replaces the `otherCol` ids linked to `ownerId` in a join table; returns the ids linked before. */
export async function replaceRelations<T extends TableName>(
  trx: Kysely<Database>,
  table: T,
  ownerCol: ColumnOf<T>,
  ownerId: number,
  otherCol: ColumnOf<T>,
  ids: number[],
): Promise<number[]> {
  const before = await linkedIds(trx, table, ownerCol, ownerId, otherCol);
  const k = dynamic(trx);
  const t: TableName = table;
  const owner: string = ownerCol;
  await k.deleteFrom(t).where(owner, '=', ownerId).execute();
  if (ids.length)
    await k
      .insertInto(t)
      .values(ids.map((id) => ({ [owner]: ownerId, [otherCol]: id })))
      .execute();
  return before;
}
