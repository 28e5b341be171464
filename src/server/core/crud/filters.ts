import { keywordExpr, ftsTable } from '../../../shared/sql-naming.js';
import type { FilterMeta } from '../../../shared/entity-meta.js';
import { validationFailed } from '../envelope.js';
import { q, type Dialect } from '../db.js';
import { flatten, parseIds, single, type Input } from '../params.js';
import { coerce, eqCond, inCond, likeOp, likePattern, type Cond } from './conds.js';
import type { EntityRuntime } from './runtime.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const present = (v: unknown) => v !== undefined && v !== null && String(v).trim() !== '';

/** The WHERE conditions a list request asks for: ids, keyword and every FilterMeta of the entity. */
export function filterConds(rt: EntityRuntime, query: Input, dialect: Dialect): Cond[] {
  const conds: Cond[] = [];
  if (present(query.ids)) conds.push(inCond('ids', 'id', parseIds(query.ids), 'integer', dialect));
  const keyword = single(query[rt.meta.keyword?.param ?? 'keyword']);
  if (rt.meta.keyword && present(keyword)) conds.push(keywordCond(rt, String(keyword).trim(), dialect));
  for (const f of rt.meta.filters) conds.push(...filterCond(rt, f, query, dialect));
  return conds;
}

function filterCond(rt: EntityRuntime, f: FilterMeta, query: Input, dialect: Dialect): Cond[] {
  const field = rt.field.get(f.field);
  if (!field) return [];
  const col = field.column;
  if (f.op === 'range') {
    const out: Cond[] = [];
    // Upstream sends a date-time range as one day (`createTime=2024-05-01`): that day, from its start to its end.
    const day = single(query[f.param]);
    const oneDay = field.type === 'datetime' && present(day) && DATE_ONLY.test(String(day).trim());
    const fromParam = oneDay ? f.param : `${f.param}From`;
    const toParam = oneDay ? f.param : `${f.param}To`;
    const from = oneDay ? day : single(query[fromParam]);
    const to = oneDay ? day : single(query[toParam]);
    if (present(from)) {
      out.push({ key: `${f.param}>`, sql: `${q(col)} >= ?`, params: [coerce(field, from, fromParam, dialect)] });
    }
    if (present(to)) {
      const upTo = coerce(field, to, toParam, dialect);
      // A bare date as the upper bound of a date-time range means "through the end of that day".
      if (field.type === 'datetime' && DATE_ONLY.test(String(to).trim())) {
        const next = new Date(Date.parse(upTo as string) + 86_400_000).toISOString();
        out.push({ key: `${f.param}<`, sql: `${q(col)} < ?`, params: [next] });
      } else {
        out.push({ key: `${f.param}<=`, sql: `${q(col)} <= ?`, params: [upTo] });
      }
    }
    return out;
  }
  const raw = present(query[f.param]) ? query[f.param] : f.default;
  if (!present(raw)) return [];
  switch (f.op) {
    case 'in': {
      const values = flatten(raw).map((v) => coerce(field, v, f.param, dialect));
      return values.length ? [inCond(f.param, col, values, field.type, dialect)] : [];
    }
    case 'like':
      return [
        {
          key: `${f.param}~`,
          sql: `${q(col)} ${likeOp(dialect)} ? ESCAPE '\\'`,
          params: [likePattern(String(single(raw)).trim())],
        },
      ];
    default: // eq, ref
      return [eqCond(f.param, col, coerce(field, single(raw), f.param, dialect))];
  }
}

/**
 * Keyword search through the full-text index, never `LIKE '%x%'` on the base table: SQLite FTS5 trigram MATCH for
 * 3+ characters (a quoted string), else LIKE over the small FTS table; PostgreSQL ILIKE on the trigram-indexed
 * expression.
 */
function keywordCond(rt: EntityRuntime, keyword: string, dialect: Dialect): Cond {
  const columns = rt.meta.keyword!.fields.map((name) => rt.field.get(name)?.column ?? name);
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
 * `ORDER BY` text from `sort`/`order` (validated against the entity's sortable fields) with an `id` tiebreak.
 * `sortSql` may give a field's SQL for this caller (a per-shop figure) instead of its column.
 */
export function orderBy(rt: EntityRuntime, query: Input, sortSql?: (field: string) => string | undefined): string {
  const sortRaw = single(query.sort);
  const orderRaw = single(query.order);
  let field = rt.meta.defaultSort.field;
  let dir: 'ASC' | 'DESC' = rt.meta.defaultSort.order;
  if (present(sortRaw)) {
    field = String(sortRaw).trim();
    if (!rt.meta.sortable.includes(field)) throw validationFailed({ sort: `cannot sort by ${field}` });
    dir = 'ASC';
  }
  if (present(orderRaw)) {
    const o = String(orderRaw).trim().toUpperCase();
    if (o !== 'ASC' && o !== 'DESC') throw validationFailed({ order: 'must be asc or desc' });
    dir = o;
  }
  const col = rt.field.get(field)?.column ?? field;
  return col === 'id' ? `"id" ${dir}` : `${sortSql?.(field) ?? q(col)} ${dir}, "id" ${dir}`;
}
