import type { Page } from '../../../shared/envelope.js';
import type { AuthUser } from '../auth.js';
import { notFound } from '../envelope.js';
import { q, type Db, type Row } from '../db.js';
import { eqCond, type Cond } from './conds.js';
import type { TableCache } from './table-cache.js';
import { filterConds, orderBy, type ListQuery } from './filters.js';
import { MAX_PAGE_SIZE } from './schemas.js';
import { toRecords, type WriteOrigin } from './records.js';
import { withChildren } from './children.js';
import type { EntityRuntime } from './runtime.js';
import type { ImportReport } from './records.js';
import { figureOrder, withShopFigures } from './shop-figures.js';
import { tenantCond } from './tenancy.js';
import { get } from '../lookup.js';

export interface CrudContext {
  db: Db;
  /** List totals and tab counts, until their table is written (table-cache.ts). */
  counts: TableCache;
  /**
   * List pages, until their table is written, here or by another process: before a kept page answers, SQLite looks
   * at the file's change counter, PostgreSQL waits until every write answered before the request has been heard
   * (`WriteHooks.caughtUp`). Absent when `PAGE_CACHE_ROWS` is 0.
   */
  pages?: TableCache;
  /** The background import/export queue (core/jobs.ts), when the app runs one. */
  jobs?: JobQueue;
}

/** What the generic routes ask of the background job queue: start an entity's import or export (core/jobs.ts). */
export interface JobQueue {
  startImport(rt: EntityRuntime, file: unknown, user: AuthUser, origin: WriteOrigin): Promise<Row>;
  /** The synchronous import, run as a job now (paced, resumed if the server stops): its report. */
  importNow(rt: EntityRuntime, file: unknown, user: AuthUser, origin: WriteOrigin): Promise<ImportReport>;
  startExport(rt: EntityRuntime, query: ListQuery, user: AuthUser): Promise<Row>;
}

export { MAX_PAGE_SIZE };
export const LIST_ALL_CAP = 5000;
/** Filtered totals stop counting here (`totalExact: false` beyond). */
export const COUNT_CAP = 10_000;

const sqlCache = new Map<string, string>();
const ID_ORDER = /^"id" (ASC|DESC)$/;

/** SQL text per query shape, built once. */
function cachedSql(key: string, build: () => string): string {
  let text = sqlCache.get(key);
  if (text === undefined) {
    text = build();
    sqlCache.set(key, text);
  }
  return text;
}

const whereOf = (conds: Cond[]) => (conds.length ? ` WHERE ${conds.map((c) => c.sql).join(' AND ')}` : '');
const paramsOf = (conds: Cond[]) => conds.flatMap((c) => c.params);
const shapeOf = (ctx: CrudContext, rt: EntityRuntime, conds: Cond[]) =>
  `${ctx.db.dialect}|${rt.table}|${conds.map((c) => c.key).join('&')}`;

/**
 * A page of the rows matching `conds`: the page's ids first (from an index alone where one covers the filter), then
 * those rows; a sort over the thousands of matches of a filter moves ids, not whole rows. Parameters: the conditions',
 * then LIMIT and OFFSET.
 */
const pageSql = (ctx: CrudContext, rt: EntityRuntime, conds: Cond[], order: string) =>
  cachedSql(
    `${shapeOf(ctx, rt, conds)}|${order}|rows`,
    () =>
      `SELECT ${rt.selectSql} FROM ${q(rt.table)} WHERE "id" IN ` +
      `(SELECT "id" FROM ${q(rt.table)}${whereOf(conds)} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`,
  );

/** Records matching `conds` (tenant scope included by the callers below), mapped for the API. */
export async function selectRecords(
  ctx: CrudContext,
  rt: EntityRuntime,
  conds: Cond[],
  order: string,
  limit: number,
  offset = 0,
): Promise<Row[]> {
  const by = ID_ORDER.exec(order)?.[1];
  const where = by ? conds : await walkWhenMany(ctx, rt, conds, offset + limit);
  const source = by ? where.find((c) => c.source) : undefined;
  const ids = source?.source;
  const rest = source ? [...where.filter((c) => c !== source), ...rowTest(source)] : where;
  const text = ids
    ? cachedSql(
        `${shapeOf(ctx, rt, where)}|${order}|rows|source`,
        // The ids drive (CROSS JOIN keeps them the outer loop, walked in the page's order); each row is one seek.
        () =>
          `SELECT ${rt.selectSql} FROM ${ids.from} AS m CROSS JOIN ${q(rt.table)} ON "id" = m.match_id` +
          `${whereOf(rest)} ORDER BY m.match_id ${by} LIMIT ? OFFSET ?`,
      )
    : pageSql(ctx, rt, where, order);
  const params = ids ? [...ids.params, ...paramsOf(rest)] : paramsOf(where);
  const all = [...params, limit, offset];
  const pages = ctx.pages;
  // A deep page in id order: from the filter's kept anchor before it (every ANCHOR_STEP-th match's id), so the index
  // is walked fewer than ANCHOR_STEP entries past a seek instead of `offset` entries.
  const deep = pages && by && !source && offset >= ANCHOR_STEP;
  const read = deep
    ? async () => {
        const anchors = await anchorIds(ctx, pages, rt, where, order);
        if (!anchors.length) return [];
        const k = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.length - 1);
        const from: Cond = { key: `anchor${by}`, sql: `"id" ${by === 'DESC' ? '<=' : '>='} ?`, params: [anchors[k]] };
        const seek = [...where, from];
        const rows = await ctx.db.all<Row>(pageSql(ctx, rt, seek, order), [
          ...paramsOf(seek),
          limit,
          offset - k * ANCHOR_STEP,
        ]);
        return toRecords(rt, rows, ctx.db.dialect);
      }
    : async () => toRecords(rt, await ctx.db.all<Row>(text, all), ctx.db.dialect);
  if (!pages) return read();
  // Copies: callers add to a page's records (a seller's figures, nested rows), the kept ones stay as read. Deep pages
  // are kept like the first ones: the least recently asked go first, so a walk through deep pages once pushes out
  // other walks' pages, while the pages asked again stay.
  const rows = await pages.through(rt.table, `${text}\0${JSON.stringify(all)}`, read);
  return rows.map((r) => ({ ...r }));
}

/**
 * What a value of the `pages` cache weighs, in rows: a page's records one each; a filter's anchors by their bytes
 * against a row's (about 1.5 KB held).
 */
export const pageWeight = (value: unknown): number =>
  value instanceof Float64Array ? Math.ceil(value.byteLength / 1536) : (value as unknown[]).length;

/** Deep pages in id order seek to every this many matches (anchorIds). */
const ANCHOR_STEP = 100;

/**
 * The ids at positions 0, ANCHOR_STEP, 2 × ANCHOR_STEP… of the matches of `conds` in `order`, over the first
 * COUNT_CAP + 1 of them (pages deeper than that walk on from the last anchor), kept in `pages` until the table is
 * written: one walk of the filter's index per write, numbered and sampled in the database.
 */
async function anchorIds(
  ctx: CrudContext,
  pages: TableCache,
  rt: EntityRuntime,
  conds: Cond[],
  order: string,
): Promise<Float64Array> {
  const text = cachedSql(
    `${shapeOf(ctx, rt, conds)}|${order}|anchors`,
    () =>
      `SELECT "id" FROM (SELECT "id", ROW_NUMBER() OVER (ORDER BY ${order}) AS "n" FROM ` +
      `(SELECT "id" FROM ${q(rt.table)}${whereOf(conds)} ORDER BY ${order} LIMIT ${COUNT_CAP + 1}) AS "m") AS "w" ` +
      `WHERE "n" % ${ANCHOR_STEP} = 1 ORDER BY "n"`,
  );
  const params = paramsOf(conds);
  return pages.through(rt.table, `${text}\0${JSON.stringify(params)}`, async () =>
    Float64Array.from(await ctx.db.all<{ id: number }>(text, params), (r) => Number(r.id)),
  );
}

/** A condition's test on one row, as a condition of its own. */
const rowTest = (c: Cond): Cond[] => (c.perRow ? [{ key: `${c.key}.row`, ...c.perRow }] : []);

/**
 * A page in an order other than id, whose condition finds its matches through an index of their own (a keyword):
 * sorting the matches costs as many as there are (M); walking the order's index and testing each row costs about
 * the rows to the page's end over the matches' share of the table (reach × N / M). The walk wins when M² passes
 * reach × N, and always past COUNT_CAP matches (a common word). N is the highest id, one seek. SQLite only:
 * PostgreSQL's planner weighs the two by its statistics.
 */
async function walkWhenMany(ctx: CrudContext, rt: EntityRuntime, conds: Cond[], reach: number): Promise<Cond[]> {
  const kw = conds.find((c) => c.perRow);
  if (!kw || ctx.db.dialect !== 'sqlite') return conds;
  const matches = await countRecords(ctx, rt, conds);
  if (matches.exact) {
    // Kept until the table is written, like the totals: one read per write, not per page.
    const text = cachedSql(`${rt.table}|top`, () => `SELECT max("id") AS "n" FROM ${q(rt.table)}`);
    const top = await ctx.counts.through(rt.table, text, async () =>
      Number((await ctx.db.all<{ n: number }>(text, []))[0]?.n ?? 0),
    );
    if (matches.total ** 2 <= reach * top) return conds;
  }
  return conds.flatMap((c) => (c === kw ? rowTest(c) : [c]));
}

/** Exact count without filters (cached); capped at COUNT_CAP + 1 rows with filters (cached too). */
export async function countRecords(
  ctx: CrudContext,
  rt: EntityRuntime,
  conds: Cond[],
): Promise<{ total: number; exact: boolean }> {
  const text = cachedSql(`${shapeOf(ctx, rt, conds)}|count`, () =>
    conds.length
      ? `SELECT count(*) AS "c" FROM (SELECT 1 FROM ${q(rt.table)}${whereOf(conds)} LIMIT ${COUNT_CAP + 1}) s`
      : `SELECT count(*) AS "c" FROM ${q(rt.table)}`,
  );
  const params = paramsOf(conds);
  const key = `${text}\0${JSON.stringify(params)}`;
  // Past the cap, a filtered total is shown as "10,000+" and kept across writes.
  const capped = (c: number) => c > COUNT_CAP && conds.length > 0;
  const n = await ctx.counts.through(
    rt.table,
    key,
    async () => Number((await ctx.db.all<{ c: number }>(text, params))[0]?.c ?? 0),
    capped,
  );
  return capped(n) ? { total: COUNT_CAP, exact: false } : { total: n, exact: true };
}

/** The generic list: filters, keyword, ids, sort, pagination and the caller's tenant scope, plus `extra` conditions. */
export async function listPage(
  ctx: CrudContext,
  rt: EntityRuntime,
  query: ListQuery,
  user?: AuthUser,
  extra: Cond[] = [],
): Promise<Page<Row>> {
  const conds = scoped(ctx, rt, user, [...filterConds(rt, query, ctx.db.dialect), ...extra]);
  const order = orderBy(rt, query, (field) => figureOrder(ctx.db, rt, user, field));
  const pageNum = query.pageNum ?? 1;
  // Asked for by id, the page holds them all.
  const pageSize = query.pageSize ?? Math.min(Math.max(5, query.ids?.length ?? 0), MAX_PAGE_SIZE);
  const offset = (pageNum - 1) * pageSize;
  const list = await withShopFigures(ctx, rt, await selectRecords(ctx, rt, conds, order, pageSize, offset), user);
  // A short page tells the total without counting.
  let total: number;
  let totalExact = true;
  if (list.length < pageSize && (list.length > 0 || offset === 0)) total = offset + list.length;
  else {
    const c = await countRecords(ctx, rt, conds);
    total = c.exact ? c.total : Math.max(c.total, offset + list.length);
    totalExact = c.exact;
  }
  return { pageNum, pageSize, totalPage: Math.ceil(total / pageSize), total, list, totalExact };
}

export async function listAll(
  ctx: CrudContext,
  rt: EntityRuntime,
  user?: AuthUser,
  extra: Cond[] = [],
): Promise<Row[]> {
  const conds = scoped(ctx, rt, user, extra);
  return withShopFigures(ctx, rt, await selectRecords(ctx, rt, conds, orderBy(rt, {}), LIST_ALL_CAP), user);
}

export async function findRecord(
  ctx: CrudContext,
  rt: EntityRuntime,
  id: number,
  user?: AuthUser,
): Promise<Row | undefined> {
  const conds = scoped(ctx, rt, user, [eqCond('id', 'id', id)]);
  // One seek by primary key: the list's ids-first subquery would only add a probe.
  const text = cachedSql(
    `${shapeOf(ctx, rt, conds)}|one`,
    () => `SELECT ${rt.selectSql} FROM ${q(rt.table)}${whereOf(conds)}`,
  );
  const rows = toRecords(rt, await ctx.db.all<Row>(text, paramsOf(conds)), ctx.db.dialect);
  return (await withShopFigures(ctx, rt, rows, user))[0];
}

/** One record, with its child lists (`x-admin.children`). */
export async function getRecord(ctx: CrudContext, rt: EntityRuntime, id: number, user?: AuthUser): Promise<Row> {
  const row = await findRecord(ctx, rt, id, user);
  if (!row) throw notFound();
  return rt.meta.children ? withChildren(ctx.db.kysely, rt, row, ctx.db.dialect) : row;
}

export function scoped(ctx: CrudContext, rt: EntityRuntime, user: AuthUser | undefined, conds: Cond[]): Cond[] {
  const t = tenantCond(rt, user, ctx.db.dialect);
  return t ? [t, ...conds] : conds;
}

/**
 * Rows per value of the enum `field` under the list's other filters and the caller's scope (the list's tabs):
 * `{ "<value>": n }` for every value of the enum, zeros included. Cached like the list totals.
 */
export async function countBy(
  ctx: CrudContext,
  rt: EntityRuntime,
  field: string,
  query: ListQuery,
  user?: AuthUser,
): Promise<Record<string, number>> {
  const meta = get(rt.field, field, `${rt.meta.name} field`);
  const others = { ...query };
  for (const f of rt.meta.filters) if (f.field === field) delete others[f.param];
  const conds = scoped(ctx, rt, user, filterConds(rt, others, ctx.db.dialect));
  const col = q(meta.column);
  const text = cachedSql(
    `${shapeOf(ctx, rt, conds)}|countBy:${field}`,
    () => `SELECT ${col} AS "v", count(*) AS "c" FROM ${q(rt.table)}${whereOf(conds)} GROUP BY ${col}`,
  );
  const params = paramsOf(conds);
  const key = `${text}\0${JSON.stringify(params)}`;
  return ctx.counts.through(rt.table, key, async () => {
    const rows = await ctx.db.all<{ v: unknown; c: number }>(text, params);
    const out: Record<string, number> = Object.fromEntries((meta.enum ?? []).map((v) => [String(v), 0]));
    for (const r of rows) if (r.v !== null) out[String(r.v)] = Number(r.c);
    return out;
  });
}
