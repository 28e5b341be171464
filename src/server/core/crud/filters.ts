import { keywordExpr, ftsTable } from '../../../shared/sql-naming.js';
import type { FilterMeta } from '../../../shared/entity-meta.js';
import { MIN_KEYWORD_LENGTH } from '../../../shared/constants.js';
import { q, type Dialect } from '../db.js';
import { validationFailed } from '../envelope.js';
import { dayMoment, type Moment } from '../dates.js';
import { eqCond, inCond, likeOp, likePattern, type Cond } from './conds.js';
import type { EntityRuntime } from './runtime.js';
import type { ListQuery } from './schemas.js';

export type { ListQuery };

/** A value as the column stores it: booleans as 0/1 on SQLite, date-times as their instant. */
function stored(value: unknown, dialect: Dialect): unknown {
  if (typeof value === 'boolean') return dialect === 'sqlite' ? Number(value) : value;
  return isMoment(value) ? value.at : value;
}

const isMoment = (v: unknown): v is Moment => typeof v === 'object' && v !== null && 'at' in v;

/** The WHERE conditions a list request asks for: ids, keyword and every FilterMeta of the entity. */
export function filterConds(rt: EntityRuntime, query: ListQuery, dialect: Dialect): Cond[] {
  const conds: Cond[] = [];
  if (query.ids?.length) conds.push(inCond('ids', 'id', query.ids, 'integer', dialect));
  const search = rt.meta.keyword;
  const keyword = search && query[search.param];
  if (search && typeof keyword === 'string' && keyword) {
    const length = [...keyword.trim()].length;
    if (length > 0 && length < MIN_KEYWORD_LENGTH)
      throw validationFailed({ [search.param]: `enter at least ${MIN_KEYWORD_LENGTH} characters` });
    conds.push(keywordCond(rt, search.fields, keyword, dialect));
  }
  for (const f of rt.meta.filters) conds.push(...filterCond(rt, f, query, dialect));
  return conds;
}

function filterCond(rt: EntityRuntime, f: FilterMeta, query: ListQuery, dialect: Dialect): Cond[] {
  const field = rt.field.get(f.field);
  if (!field) return [];
  const col = field.column;
  if (f.op === 'range') {
    const out: Cond[] = [];
    // Upstream sends a date-time range as one day (`createTime=2024-05-01`): that day, from its start to its end.
    const sent = query[f.param];
    const day = field.type === 'datetime' && typeof sent === 'string' ? dayMoment(sent) : undefined;
    const from = day ?? query[`${f.param}From`];
    const to = day ?? query[`${f.param}To`];
    if (from !== undefined) out.push({ key: `${f.param}>`, sql: `${q(col)} >= ?`, params: [stored(from, dialect)] });
    // A bare day as the upper bound of a date-time range means "through the end of that day"; through the last day
    // (LAST_DAY, no next day to compare with) means any date-time at all.
    if (isMoment(to) && to.dayAfter) out.push({ key: `${f.param}<`, sql: `${q(col)} < ?`, params: [to.dayAfter] });
    else if (isMoment(to) && to.dayAfter === null)
      out.push({ key: `${f.param}!null`, sql: `${q(col)} IS NOT NULL`, params: [] });
    else if (to !== undefined) out.push({ key: `${f.param}<=`, sql: `${q(col)} <= ?`, params: [stored(to, dialect)] });
    return out;
  }
  const value = query[f.param] ?? f.default;
  if (value === undefined) return [];
  switch (f.op) {
    case 'in': {
      if (!Array.isArray(value)) throw new Error(`Filter ${f.param}: the edge hands an "in" filter a list`);
      const values = value.map((v) => stored(v, dialect));
      return [inCond(f.param, col, values, field.type, dialect)];
    }
    case 'like':
      return [
        {
          key: `${f.param}~`,
          sql: `${q(col)} ${likeOp(dialect)} ? ESCAPE '\\'`,
          params: [likePattern(String(value))],
        },
      ];
    default: // eq, ref
      return [eqCond(f.param, col, stored(value, dialect))];
  }
}

/**
 * Keyword search through the full-text index, never `LIKE '%x%'` on the base table: SQLite FTS5 trigram MATCH for
 * 3+ characters (a quoted string), else LIKE over the small FTS table; PostgreSQL ILIKE on the trigram-indexed
 * expression.
 */
function keywordCond(rt: EntityRuntime, fields: string[], keyword: string, dialect: Dialect): Cond {
  const columns = fields.map((name) => rt.field.get(name)?.column ?? name);
  if (dialect === 'postgres') {
    return { key: 'kw', sql: `${keywordExpr(columns)} ILIKE ? ESCAPE '\\'`, params: [likePattern(keyword)] };
  }
  const fts = q(ftsTable(rt.table));
  // What a match is, as upstream says it (LIKE '%x%' on any of the columns); the trigram index only finds candidates
  // (its case folding reaches past ASCII, LIKE's does not).
  const like = {
    sql: `(${columns.map((c) => `${q(c)} LIKE ? ESCAPE '\\'`).join(' OR ')})`,
    params: columns.map(() => likePattern(keyword)),
  };
  if ([...keyword].length >= 3) {
    const match = [`"${keyword.replace(/"/g, '""')}"`];
    return {
      key: 'kw3',
      sql: `"id" IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?) AND ${like.sql}`,
      params: [...match, ...like.params],
      source: { from: `(SELECT rowid AS match_id FROM ${fts} WHERE ${fts} MATCH ?)`, params: match },
      perRow: like,
    };
  }
  return { key: 'kw1', sql: `"id" IN (SELECT rowid FROM ${fts} WHERE ${like.sql})`, params: like.params };
}

/**
 * `ORDER BY` text from `sort`/`order` (checked at the edge against the entity's sortable fields) with an `id`
 * tiebreak. `sortSql` may give a field's SQL for this caller (a per-shop figure) instead of its column.
 */
export function orderBy(rt: EntityRuntime, query: ListQuery, sortSql?: (field: string) => string | undefined): string {
  const field = query.sort ?? rt.meta.defaultSort.field;
  const by = query.order?.toUpperCase() ?? (query.sort ? 'ASC' : rt.meta.defaultSort.order);
  const dir = by === 'DESC' ? 'DESC' : 'ASC';
  const col = rt.field.get(field)?.column ?? field;
  return col === 'id' ? `"id" ${dir}` : `${sortSql?.(field) ?? q(col)} ${dir}, "id" ${dir}`;
}
