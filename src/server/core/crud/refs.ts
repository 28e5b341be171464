import type { Kysely } from 'kysely';
import type { Database } from '../../../../generated/database.js';
import { Messages, REQUIRED } from '../../../shared/messages.js';
import type { FieldMeta } from '../../../shared/entity-meta.js';
import type { AuthUser } from '../auth.js';
import { validationFailed } from '../envelope.js';
import type { Row } from '../db.js';
import { parseId } from '../params.js';
import { dynamic } from './dynamic.js';
import { runtime, type EntityRuntime } from './runtime.js';
import { given } from './tenancy.js';
import type { BatchReads } from './batch-reads.js';
import { toIso } from './records.js';
import type { EntityName } from '../../../../generated/entities.js';

export const OTHER_SHOP = 'belongs to another shop';

/** The shop column of a shop-scoped entity (`tenant` naming a field), else undefined (platform data, shops). */
export function shopColumn(rt: EntityRuntime): string | undefined {
  const t = rt.meta.tenant;
  return t && t !== rt.meta.primaryKey ? rt.field.get(t)?.column : undefined;
}

/** The table and columns a ref's target is read with: its id, the fields copied from it, its shop. */
function targetRead(f: FieldMeta, copies: FieldMeta[]) {
  const rt = runtime(f.ref!.resource as EntityName);
  const shop = shopColumn(rt);
  const cols = [...new Set(['id', ...copies.map((c) => rt.field.get(c.copy!.field)!.column), ...(shop ? [shop] : [])])];
  return { rt, shop, cols, key: `${rt.table}(${cols.join()})` };
}

/** The row a ref points at, read with the columns its copies and shop checks need; undefined when it is not there. */
async function target(k: Kysely<Database>, f: FieldMeta, id: number, copies: FieldMeta[], reads?: BatchReads) {
  const { rt, shop, cols, key } = targetRead(f, copies);
  const ahead = reads?.get(key, id);
  const row = ahead?.found
    ? ahead.row
    : ((await dynamic(k).selectFrom(rt.table).select(cols).where('id', '=', id).executeTakeFirst()) as Row | undefined);
  return row && { row, rt, shop: shop ? (row[shop] as number | null) : undefined };
}

/**
 * Reads ahead, in one query per referenced table, the records the references of `bodies` (a batch of creates, as
 * sent) name, for `followRefs` and `shopFrom` to find in `reads`. The queries run side by side: on PostgreSQL, where
 * the caller has connections to spare (a job's), that is one wait for them instead of one per table.
 */
export async function readRefsAhead(
  k: Kysely<Database>,
  rt: EntityRuntime,
  bodies: Row[],
  reads: BatchReads,
): Promise<void> {
  const read = rt.meta.fields.flatMap((f) => {
    if (!f.ref || (f.ref.resource === 'shop' && f.name !== rt.meta.tenantFrom)) return [];
    const copies = f.name === rt.meta.tenantFrom ? [] : rt.meta.fields.filter((c) => c.copy?.ref === f.name);
    const { rt: target, cols, key } = targetRead(f, copies);
    const ids = bodies.map((b) => (given(b[f.name]) ? Number(b[f.name]) : NaN));
    return [reads.read(k, key, target.table, cols, ids)];
  });
  await Promise.all(read);
}

/**
 * The references of a write, checked and followed: each named record exists and, when it is shop-scoped, is one the
 * caller sees and of the same shop as the record written (`shop`; undefined when the record has no shop); the
 * fields copied from it (`x-admin.copy`) are filled into `data` (emptied when the reference is).
 */
export async function followRefs(
  k: Kysely<Database>,
  rt: EntityRuntime,
  data: Row,
  user: AuthUser | undefined,
  shop: number | null | undefined,
  reads?: BatchReads,
): Promise<void> {
  for (const f of rt.meta.fields) {
    if (!f.ref || f.ref.resource === 'shop' || !(f.name in data)) continue;
    const copies = rt.meta.fields.filter((c) => c.copy?.ref === f.name);
    // A reference cleared clears its copies.
    if (!given(data[f.name])) {
      for (const c of copies) data[c.name] = null;
      continue;
    }
    // Not an id (upstream clients' null arrives as 0): no such record.
    const id = Number(data[f.name]);
    const t = Number.isSafeInteger(id) && id > 0 ? await target(k, f, id, copies, reads) : undefined;
    const hidden = t?.shop !== undefined && user && !user.platform && !user.shopIds.includes(Number(t.shop));
    if (!t || hidden) throw validationFailed({ [f.name]: Messages.doesNotExist });
    if (t.shop !== undefined && shop !== undefined && Number(t.shop) !== Number(shop))
      throw validationFailed({ [f.name]: OTHER_SHOP });
    for (const c of copies) data[c.name] = t.row[t.rt.field.get(c.copy!.field)!.column];
  }
}

/** The shop of the record a `tenantFrom` ref names (it must exist and be the caller's to see). */
export async function shopFrom(
  k: Kysely<Database>,
  rt: EntityRuntime,
  data: Row,
  user?: AuthUser,
  reads?: BatchReads,
): Promise<number> {
  const name = rt.meta.tenantFrom!;
  const f = rt.field.get(name)!;
  if (!given(data[name])) throw validationFailed({ [name]: REQUIRED });
  const t = await target(k, f, parseId(data[name], name), [], reads);
  const shop = t?.shop;
  if (!t || shop === undefined || shop === null || (user && !user.platform && !user.shopIds.includes(Number(shop))))
    throw validationFailed({ [name]: Messages.doesNotExist });
  return Number(shop);
}

/** `x-admin.notBefore`: an end not before its start, the stored values standing in for those not sent. */
export function checkOrder(rt: EntityRuntime, data: Row, stored?: Row): void {
  for (const f of rt.meta.fields) {
    if (!f.notBefore || !(f.name in data || f.notBefore in data)) continue;
    const end = f.name in data ? data[f.name] : stored?.[f.name];
    const start = f.notBefore in data ? data[f.notBefore] : stored?.[f.notBefore];
    if (!given(end) || !given(start)) continue;
    const at = (v: unknown) => (f.type === 'datetime' ? Date.parse(String(toIso(v))) : String(v));
    if (at(end) < at(start)) throw validationFailed({ [f.name]: `must not be before ${f.notBefore}` });
  }
}

/**
 * `x-admin.requiredWhen`: a field another's value makes required (a promotion's price while the strategy is a
 * promotion), the stored values standing in for those not sent; checked when the write sends either field, so an
 * unrelated save of an older record is not refused for it. All such fields missing are named at once.
 */
export function checkRequiredWhen(rt: EntityRuntime, data: Row, stored?: Row): void {
  const errors: Record<string, string> = {};
  const now = (name: string) => (name in data ? data[name] : stored?.[name]);
  for (const f of rt.meta.fields) {
    const when = f.requiredWhen;
    if (!when || !(f.name in data || when.field in data)) continue;
    const on = when.values.some((v) => String(v) === String(now(when.field)));
    if (on && !given(now(f.name))) errors[f.name] = REQUIRED;
  }
  if (Object.keys(errors).length) throw validationFailed(errors);
}

export const TAKEN = 'already exists';

/**
 * `unique` fields: a value another record holds is refused by name, before the database's constraint would; a field
 * unique within the shop looks only at the records of `shop` (the record's), so no shop learns what another uses.
 */
export async function checkUnique(
  k: Kysely<Database>,
  rt: EntityRuntime,
  data: Row,
  id?: number,
  shop?: number | null,
): Promise<void> {
  for (const f of rt.meta.fields) {
    if (!f.unique || !given(data[f.name])) continue;
    let q = dynamic(k).selectFrom(rt.table).select('id').where(f.column, '=', data[f.name]);
    if (f.unique === 'shop') q = q.where(shopColumn(rt)!, shop == null ? 'is' : '=', shop ?? null);
    if (id !== undefined) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) throw validationFailed({ [f.name]: TAKEN });
  }
}

/** The same `unique` value twice in one list body (in one shop, for a field unique within the shop). */
export function checkUniqueAmong(rt: EntityRuntime, rows: Row[]): void {
  for (const f of rt.meta.fields) {
    if (!f.unique || !rt.meta.fields.includes(f)) continue;
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      const v = r[f.column];
      if (v === undefined || v === null) return;
      const key = JSON.stringify(f.unique === 'shop' ? [r[shopColumn(rt)!], v] : [v]);
      if (seen.has(key)) throw validationFailed({ [`[${i}].${f.name}`]: TAKEN });
      seen.add(key);
    });
  }
}
