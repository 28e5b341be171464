import type { FieldMeta } from '../../../shared/entity-meta.js';
import type { Dialect, Row } from '../db.js';
import { hashPassword } from '../auth.js';
import type { EntityRuntime } from './runtime.js';

export const MASK = '••••';

/** `••••` + the last 4 characters of a long secret; short ones are fully hidden. */
export const mask = (v: unknown) => {
  if (v === null || v === undefined || v === '') return v;
  const s = String(v);
  return s.length >= 12 ? `${MASK}${s.slice(-4)}` : MASK;
};

/** A secret sent back as shown (masked) or empty: the client did not change it. */
export const isUnchangedSecret = (v: unknown) =>
  v === null || v === undefined || v === '' || String(v).startsWith(MASK);

/** A row read with `selectSql`/`selectList` (keys already camelCase) → the API record. Mutates and returns `row`. */
export function toRecord(rt: EntityRuntime, row: Row, dialect: Dialect): Row {
  for (const f of rt.convert) {
    const v = row[f.name];
    if (v === null || v === undefined) continue;
    if (f.secret) row[f.name] = mask(v);
    else if (f.type === 'boolean') row[f.name] = v === true || v === 1 || v === '1' || v === 't';
    else if (f.type === 'json' && typeof v === 'string' && dialect === 'sqlite') row[f.name] = parseJson(v);
  }
  return row;
}

export function toRecords(rt: EntityRuntime, rows: Row[], dialect: Dialect): Row[] {
  if (rt.convert.length) for (const r of rows) toRecord(rt, r, dialect);
  return rows;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A DB parameter value for `field` (booleans as 0/1 on SQLite, JSON as text, datetimes as ISO 8601). */
export function toDbValue(field: FieldMeta, v: unknown, dialect: Dialect): unknown {
  if (v === null || v === undefined) return v;
  switch (field.type) {
    case 'boolean':
      return dialect === 'sqlite' ? (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0) : Boolean(v);
    case 'json':
      return JSON.stringify(v);
    case 'datetime':
      return toIso(v);
    default:
      return v;
  }
}

/** ISO 8601 (UTC) when the value parses as a date; `2024-01-02 10:00:00` is taken as UTC. */
export function toIso(v: unknown): unknown {
  if (typeof v !== 'string' || !v) return v;
  const text = /^\d{4}-\d{2}-\d{2} \d/.test(v) && !/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? `${v.replace(' ', 'T')}Z` : v;
  const t = Date.parse(text);
  return Number.isNaN(t) ? v : new Date(t).toISOString();
}

export type WriteMode = 'create' | 'update';

/**
 * Validated input → column values: only known, writable fields; passwords hashed (an empty one on update means
 * "keep"); `auto` timestamps stamped, `auto: "owner"` fields set to `ownerId` on create (never on update).
 * `allow` names read-only fields the caller may still set (the tenant field, stamped by the server).
 */
export async function toRow(
  rt: EntityRuntime,
  data: Row,
  dialect: Dialect,
  mode: WriteMode,
  allow: ReadonlySet<string> = new Set(),
  ownerId?: number,
): Promise<Row> {
  const row: Row = {};
  const now = new Date().toISOString();
  for (const f of rt.meta.fields) {
    if (f.auto === 'updatedAt' || (f.auto === 'createdAt' && mode === 'create')) {
      row[f.column] = now;
      continue;
    }
    if (f.auto === 'owner') {
      if (mode === 'create' && ownerId !== undefined) row[f.column] = ownerId;
      continue;
    }
    if (f.name === rt.meta.primaryKey || f.auto || (f.readOnly && !allow.has(f.name))) continue;
    if (!(f.name in data) || data[f.name] === undefined) continue;
    let v = data[f.name];
    if (f.input === 'password') {
      if (v === null || v === '') {
        if (mode === 'update') continue;
      } else v = await hashPassword(String(v));
    }
    row[f.column] = toDbValue(f, v, dialect);
  }
  return row;
}
