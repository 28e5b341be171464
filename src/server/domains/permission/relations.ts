import type { Kysely } from 'kysely';

/** Replaces the `otherCol` ids linked to `ownerId` in a join table; returns the ids linked before. */
export async function replaceRelations(
  trx: Kysely<any>, table: string, ownerCol: string, ownerId: number, otherCol: string, ids: number[],
): Promise<number[]> {
  const before = (await trx.selectFrom(table).select(otherCol).where(ownerCol, '=', ownerId).execute())
    .map((r) => Number(r[otherCol]));
  await trx.deleteFrom(table).where(ownerCol, '=', ownerId).execute();
  if (ids.length) await trx.insertInto(table).values(ids.map((id) => ({ [ownerCol]: ownerId, [otherCol]: id }))).execute();
  return before;
}
