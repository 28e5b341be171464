import type { AuthUser } from '../auth.js';
import { q, type Db, type Dialect, type Row } from '../db.js';
import type { EntityRuntime } from './runtime.js';
import { perApp } from '../write-hooks.js';

/**
 * A stored figure of platform-wide rows that sums every shop's rows (a brand's product count): a seller must see its
 * own shops' part only. Given `inShops` (the SQL test "this column holds one of the caller's shops"), it answers the
 * SQL computing the figure, correlated to the entity's row as `"<table>"."id"`.
 */
export type ShopFigure = (inShops: (column: string) => string) => string;

/** Each app's figures, by entity and field. */
const figuresOf = perApp(() => new Map<string, Map<string, ShopFigure>>());

/** Registers, in the app `db` belongs to, the per-shop form of `entity.field` (a domain's derived count). */
export function addShopFigure(db: Pick<Db, 'hooks'>, entity: string, field: string, figure: ShopFigure): void {
  const figures = figuresOf(db);
  figures.set(entity, (figures.get(entity) ?? new Map()).set(field, figure));
}

/** The figures a seller sees per shop, by field, and the seller; none for platform staff and internal reads. */
function callerFigures(
  db: Pick<Db, 'hooks'>,
  rt: EntityRuntime,
  user: AuthUser | undefined,
): { seller: AuthUser; own: Map<string, ShopFigure> } | undefined {
  const own = user && !user.platform ? figuresOf(db).get(rt.meta.name) : undefined;
  return user && own ? { seller: user, own } : undefined;
}

/**
 * The SQL a list sorts `field` by for this caller when it is a per-shop figure, else undefined. The shop ids are
 * written into the text (integers read from the database): an ORDER BY has no placeholders of its own here.
 */
export function figureOrder(
  db: Pick<Db, 'hooks'>,
  rt: EntityRuntime,
  user: AuthUser | undefined,
  field: string,
): string | undefined {
  const caller = callerFigures(db, rt, user);
  const figure = caller?.own.get(field);
  if (!caller || !figure) return undefined;
  const ids = caller.seller.shopIds.map((id) => Math.trunc(Number(id)));
  return `(${figure((column) => (ids.length ? `${column} IN (${ids.join(', ')})` : '1 = 0'))})`;
}

/** `column IN <one placeholder>` whatever the count, as conds.ts's inCond. */
const inParam = (dialect: Dialect, column: string) =>
  dialect === 'sqlite' ? `${column} IN (SELECT value FROM json_each(?))` : `${column} = ANY(?::bigint[])`;
const listParam = (dialect: Dialect, values: number[]) => (dialect === 'sqlite' ? JSON.stringify(values) : values);

/** Replaces the stored figures of `rows` by those of the caller's own shops (one query). Mutates `rows`. */
export async function withShopFigures(
  ctx: { db: Db },
  rt: EntityRuntime,
  rows: Row[],
  user: AuthUser | undefined,
): Promise<Row[]> {
  const caller = callerFigures(ctx.db, rt, user);
  if (!caller || !rows.length) return rows;
  const { seller, own } = caller;
  const { dialect } = ctx.db;
  const params: unknown[] = [];
  const inShops = (column: string) => {
    params.push(listParam(dialect, seller.shopIds));
    return inParam(dialect, column);
  };
  const fields = [...own.keys()];
  const select = [...own].map(([f, figure]) => `(${figure(inShops)}) AS ${q(f)}`).join(', ');
  const ids = rows.map((r) => Number(r.id));
  params.push(listParam(dialect, ids));
  const text = `SELECT "id", ${select} FROM ${q(rt.table)} WHERE ${inParam(dialect, '"id"')}`;
  const byId = new Map((await ctx.db.all<Row>(text, params)).map((r) => [Number(r.id), r]));
  for (const row of rows) for (const f of fields) row[f] = Number(byId.get(Number(row.id))?.[f] ?? 0);
  return rows;
}
