import type { FieldMeta } from '../../../shared/entity-meta.js';
import { sql } from 'kysely';
import type { Dialect, Row } from '../db.js';
import { randomInt } from 'node:crypto';
import { hashPassword, PASSWORD_TOO_LONG, passwordTooLong, type AuthUser } from '../auth.js';
import { validationFailed } from '../envelope.js';
import { present } from '../lookup.js';
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
    case 'date':
      return typeof v === 'string' ? v.slice(0, 10) : v;
    case 'time':
      return wallTime(v);
    default:
      return v;
  }
}

/** ISO 8601 (UTC) when the value parses as a date; `2024-01-02 10:00:00` is taken as UTC. */
export function toIso(v: string): string;
export function toIso(v: unknown): unknown;
export function toIso(v: unknown): unknown {
  if (typeof v !== 'string' || !v) return v;
  const text = /^\d{4}-\d{2}-\d{2} \d/.test(v) && !/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? `${v.replace(' ', 'T')}Z` : v;
  const t = Date.parse(text);
  return Number.isNaN(t) ? v : new Date(t).toISOString();
}

/**
 * A time of day as `HH:mm:ss`, as written: `09:30`, or the time part of a date-time (upstream's pickers send
 * `1970-01-01T09:30:00+08:00` for 9:30); never shifted to another time zone.
 */
export function wallTime(v: unknown): unknown {
  const m = typeof v === 'string' ? /(?:^|[Tt\s])([0-2]\d):([0-5]\d)(?::([0-5]\d))?/.exec(v) : null;
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : v;
}

export type WriteMode = 'create' | 'update';

const NONE: ReadonlySet<string> = new Set();

/** Where a write comes from, for `auto: "ip"` and `"device"` fields. */
export interface WriteOrigin {
  ip?: string;
  device?: string;
}

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 8 characters without look-alikes (0/O, 1/I): an invite code. */
const newCode = () => Array.from({ length: 8 }, () => CODE_CHARS[randomInt(CODE_CHARS.length)]).join('');

/**
 * Validated input → column values: only known, writable fields; passwords hashed (an empty one on update means
 * "keep"); `auto` timestamps stamped, `auto: "owner"` fields set to the writer's id on create (never on update), `ip`,
 * `device` from `origin` and `code` fresh, on create.
 * `allow` names read-only fields the caller may still set (the tenant field, stamped by the server).
 * `writer`, the calling user: a field `writableBy: 'platform'` keeps only platform staff's values (a seller's is
 * dropped: the default on create, the stored value on update). Every write of a client's values comes through here.
 */
export async function toRow(
  rt: EntityRuntime,
  data: Row,
  dialect: Dialect,
  mode: WriteMode,
  allow: ReadonlySet<string> = NONE,
  writer?: AuthUser,
  origin: WriteOrigin = {},
): Promise<Row> {
  const row: Row = {};
  const now = new Date().toISOString();
  for (const f of rt.meta.fields) {
    if (f.auto === 'updatedAt' || (f.auto === 'createdAt' && mode === 'create')) {
      row[f.column] = now;
      continue;
    }
    if (f.auto === 'owner') {
      if (mode === 'create' && writer) row[f.column] = writer.id;
      continue;
    }
    if (f.auto === 'version') continue; // below, once the row is known
    if (f.auto === 'revision') {
      if (mode === 'update' && present(f.counts, `The fields ${f.name} counts`).some((c) => c in data))
        row[f.column] = sql`${sql.ref(f.column)} + 1`;
      continue;
    }
    if (f.auto === 'ip' || f.auto === 'device' || f.auto === 'code') {
      const v = f.auto === 'code' ? newCode() : origin[f.auto]?.slice(0, f.maxLength ?? 255);
      if (mode === 'create' && v !== undefined) row[f.column] = v;
      continue;
    }
    // A copy (`x-admin.copy`) is read-only to clients; the server filled it from the referenced record.
    if (f.name === rt.meta.primaryKey || f.auto || (f.readOnly && !f.copy && !allow.has(f.name))) continue;
    if (!(f.name in data) || data[f.name] === undefined) continue;
    if (f.writableBy === 'platform' && writer && !writer.platform) {
      if (mode === 'create' && f.default !== undefined) row[f.column] = toDbValue(f, f.default, dialect);
      continue;
    }
    let v = data[f.name];
    if (f.input === 'password') {
      if (v === null || v === '') {
        if (mode === 'update') continue;
      } else if (passwordTooLong(String(v))) throw validationFailed({ [f.name]: PASSWORD_TOO_LONG });
      else v = await hashPassword(String(v));
    }
    row[f.column] = toDbValue(f, v, dialect);
  }
  // Every update that writes a field moves the version on, so a save made from an older copy can be refused
  // (versions.ts); one that writes nothing but stamps leaves it.
  const version = mode === 'update' ? rt.meta.fields.find((f) => f.auto === 'version') : undefined;
  if (version && Object.keys(row).some((c) => !rt.meta.fields.some((f) => f.auto === 'updatedAt' && f.column === c)))
    row[version.column] = sql`${sql.ref(version.column)} + 1`;
  return row;
}

/** Rows refused, with why (`{row: 3, errors: {name: "…"}}`, row 1 being the first after the header). */
export interface ImportReport {
  imported: number;
  refused: { row: number; errors: Record<string, string> }[];
}
