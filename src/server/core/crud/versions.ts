import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../../generated/database.js';
import type { EntityName } from '../../../../generated/entities.js';
import { ResultCode } from '../../../shared/envelope.js';
import { Messages } from '../../../shared/messages.js';
import { ApiError, notFound, validationFailed } from '../envelope.js';
import type { AuthUser } from '../auth.js';
import type { Db, Row } from '../db.js';
import { withChildren } from './children.js';
import { dynamic } from './dynamic.js';
import { toRecord } from './records.js';
import type { WriteItem } from './hooks.js';
import { runtime, runtimeNamed, type EntityRuntime } from './runtime.js';
import { tenantScope } from './tenancy.js';
import { isFields, isRecord } from '../narrow.js';

/**
 * Optimistic concurrency (schemas/README.md, "Record versions"): every entity that is not internal has a version
 * field (`auto: "version"`) that each UPDATE built by toRow adds one to. A save that names the version it loaded —
 * `If-Match: "3"`, else the version field in its body — is done only while the record still has it; a client that
 * names none (upstream's) saves as before.
 */
export const versionOf = (rt: EntityRuntime) => rt.meta.fields.find((f) => f.auto === 'version');

/** `"3"`, `W/"3"` or `3` → 3; `*` (any version) → undefined. */
function fromIfMatch(header: string): number | undefined {
  const text = header.trim();
  if (text === '*') return undefined;
  const m = /^(?:W\/)?"?(\d{1,15})"?$/.exec(text);
  if (!m) throw validationFailed({ 'If-Match': 'must be the ETag of the record as read, e.g. "3"' });
  return Number(m[1]);
}

/** The version a save was made from, or undefined when it names none. */
export function expectedVersion(rt: EntityRuntime, req: Pick<FastifyRequest, 'headers' | 'body'>): number | undefined {
  const field = versionOf(rt);
  if (!field) return undefined;
  const header = req.headers['if-match'];
  if (typeof header === 'string' && header) return fromIfMatch(header);
  return bodyVersion(rt, req.body);
}

/** The version a body names (its `auto: "version"` field), or the validation envelope when it is no version. */
export function bodyVersion(rt: EntityRuntime, body: unknown): number | undefined {
  const field = versionOf(rt);
  if (!field) return undefined;
  const v = isFields(body) ? body[field.name] : undefined;
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw validationFailed({ [field.name]: 'must be a non-negative integer' });
  return n;
}

/** The record's version as an ETag (`"3"`), set on reads and saves that answer one record. */
export function setEtag(reply: FastifyReply, rt: EntityRuntime, record: unknown): void {
  const field = versionOf(rt);
  const v = field && isRecord(record) ? record[field.name] : undefined;
  if (typeof v === 'number' || typeof v === 'string') reply.header('etag', `"${v}"`);
}

/**
 * UPDATE of row `id` with `row` (from toRow, which adds one to the version), only while the version is `expected`
 * when one is given, in the caller's shops. Zero rows changed: not found when the record is gone or not the caller's,
 * else the conflict, carrying the record as stored now (with its child lists) so the form can show what changed.
 */
export async function updateVersioned(
  trx: Kysely<Database>,
  db: Db,
  rt: EntityRuntime,
  id: number,
  row: Row,
  expected: number | undefined,
  user?: AuthUser,
): Promise<void> {
  const field = versionOf(rt);
  const scope = tenantScope(rt, user);
  let qb = dynamic(trx).updateTable(rt.table).set(row).where('id', '=', id);
  if (scope) qb = qb.where(scope.column, 'in', scope.ids);
  if (field && expected !== undefined) qb = qb.where(field.column, '=', expected);
  if (Number((await qb.executeTakeFirst()).numUpdatedRows)) return;
  let read = dynamic(trx).selectFrom(rt.table).select(rt.selectList).where('id', '=', id);
  if (scope) read = read.where(scope.column, 'in', scope.ids);
  const current = await read.executeTakeFirst();
  if (!current || expected === undefined) throw notFound();
  const record = toRecord(rt, current, db.dialect);
  throw staleWrite(rt.meta.children ? await withChildren(trx, rt, record, db.dialect) : record);
}

/**
 * A record's child rows are part of it (its form edits them with it, a save sends them back): an update that writes
 * them — a list sent with it, or a hook's own save of them (`WriteItem.childrenWritten`, a product's SKUs) — moves the
 * version on in the record's UPDATE, which is then checked against the version loaded like any other.
 */
export function withChildVersion(rt: EntityRuntime, row: Row, item: WriteItem): Row {
  const field = versionOf(rt);
  if (!field || field.column in row) return row;
  const sent = (rt.meta.children ?? []).some((c) => item.children?.has(c.key) && c.key in (item.body ?? {}));
  if (!sent && !item.childrenWritten) return row;
  return { ...row, [field.column]: sql`${sql.ref(field.column)} + 1` };
}

/**
 * Child rows of `child` written outside their parent's own update (an order's close puts stock back on SKUs): the
 * versions of their parents `parentIds` move on, so a form loaded before cannot save its older rows over them.
 */
export async function childRowsWritten(trx: Kysely<Database>, child: EntityName, parentIds: unknown[]): Promise<void> {
  const parentField = runtime(child).meta.parent;
  const ref = parentField && runtime(child).field.get(parentField)?.ref;
  if (!ref) throw new Error(`${child} is no child entity`);
  const parent = runtimeNamed(ref.resource);
  const field = versionOf(parent);
  const ids = [...new Set(parentIds.filter((v) => v !== null && v !== undefined).map(Number))];
  if (!field || !ids.length) return;
  await dynamic(trx)
    .updateTable(parent.table)
    .set({ [field.column]: sql`${sql.ref(field.column)} + 1` })
    .where('id', 'in', ids)
    .execute();
}

export const staleWrite = (current: Row) => new ApiError(ResultCode.CONFLICT, Messages.staleWrite, current);
