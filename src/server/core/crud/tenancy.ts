import type { AuthUser } from '../auth.js';
import { validationFailed } from '../envelope.js';
import { Messages } from '../../../shared/messages.js';
import type { Db, Dialect, Row } from '../db.js';
import { parseId } from '../params.js';
import { inCond, type Cond } from './conds.js';
import type { EntityRuntime } from './runtime.js';
import type { BatchReads } from './batch-reads.js';
import { tables } from '../../../../generated/database.js';
import { ShopSelfOperated, ShopStatus } from '../../../../generated/enums.js';

/**
 * THE tenancy rule: on an entity with a tenant field, a caller who is not platform staff only reads and writes rows
 * of their own shops (`tenant: "id"`: the rows ARE shops, so their own shop ids). The column and the allowed shop
 * ids, or null when the caller sees everything.
 */
export function tenantScope(rt: EntityRuntime, user: AuthUser | undefined): { column: string; ids: number[] } | null {
  const tenant = rt.meta.tenant;
  if (!tenant || !user || user.platform) return null;
  return { column: rt.field.get(tenant)?.column ?? tenant, ids: user.shopIds };
}

/** The WHERE condition of `tenantScope`, or null. */
export function tenantCond(rt: EntityRuntime, user: AuthUser | undefined, dialect: Dialect): Cond | null {
  const scope = tenantScope(rt, user);
  return scope ? inCond('tenant', scope.column, scope.ids, 'integer', dialect) : null;
}

/** A value the client really sent (not absent, null or empty). */
export const given = (v: unknown) => v !== undefined && v !== null && v !== '';

// Field-level details of the "Validation Failed: shopId: …" message.
const CHOOSE = 'choose the shop it belongs to';
const NOT_YOURS = 'is not one of your shops';
const NO_SHOP = 'you have no shop yet';

/** The field naming a record's shop, when it is not the record's own id (a shop is its own tenant). */
const tenantField = (rt: EntityRuntime): string | undefined =>
  rt.meta.tenant && rt.meta.tenant !== rt.meta.primaryKey ? rt.meta.tenant : undefined;

/**
 * The shop a new record of a shop-scoped entity belongs to (never none, never guessed among several): platform staff
 * (or a caller without a token: internal writes) name an existing shop, or naming none get the platform's own shop
 * (an open shop marked `selfOperated`, the first of them), as clients written for the single-store upstream expect;
 * a seller may name only one of its own, and one naming none gets its shop only when it has exactly one. Refusals
 * are validation errors on the tenant field. Undefined for entities without a tenant field and for shops themselves
 * (`tenant: "id"`).
 */
export async function newRecordShop(
  db: Db,
  rt: EntityRuntime,
  user: AuthUser | undefined,
  body: Row,
  reads?: BatchReads,
): Promise<number | undefined> {
  const tenant = tenantField(rt);
  if (!tenant) return undefined;
  const raw = body[tenant];
  if (user && !user.platform) {
    if (given(raw)) {
      const wanted = parseId(raw, tenant);
      if (!user.shopIds.includes(wanted)) throw validationFailed({ [tenant]: NOT_YOURS });
      return wanted;
    }
    if (user.shopIds.length === 1) return user.shopIds[0];
    throw validationFailed({ [tenant]: user.shopIds.length ? CHOOSE : NO_SHOP });
  }
  if (!given(raw))
    return reads ? reads.memo('platform shop', () => platformShop(db, tenant)) : platformShop(db, tenant);
  const id = parseId(raw, tenant);
  const ahead = reads?.get(SHOPS, id);
  const shop = ahead?.found
    ? ahead.row
    : await db.kysely.selectFrom(tables.shop).select('id').where('id', '=', id).executeTakeFirst();
  if (!shop) throw validationFailed({ [tenant]: Messages.doesNotExist });
  return id;
}

const SHOPS = `${tables.shop}(id)`;

/** Reads ahead, in one query, the shops a batch of new records (`bodies`, as sent) names, for `newRecordShop`. */
export async function readShopsAhead(db: Db, rt: EntityRuntime, bodies: Row[], reads: BatchReads): Promise<void> {
  const tenant = tenantField(rt);
  if (!tenant) return;
  const ids = bodies.map((b) => (given(b[tenant]) ? Number(b[tenant]) : NaN));
  await reads.read(db.kysely, SHOPS, tables.shop, ['id'], ids);
}

/** The platform's own shop, for platform staff's writes naming none; refused as unnamed when there is none. */
async function platformShop(db: Db, tenant: string): Promise<number> {
  const own = await db.kysely
    .selectFrom(tables.shop)
    .select('id')
    .where('self_operated', '=', ShopSelfOperated.yes)
    .where('status', '=', ShopStatus.open)
    .orderBy('id')
    .executeTakeFirst();
  if (!own) throw validationFailed({ [tenant]: CHOOSE });
  return Number(own.id);
}

/** On create: stamps `newRecordShop` into `data`; returns the read-only fields the row may set (the tenant field). */
export async function stampTenant(
  db: Db,
  rt: EntityRuntime,
  user: AuthUser | undefined,
  data: Row,
  body: Row,
  reads?: BatchReads,
): Promise<Set<string>> {
  const tenant = tenantField(rt);
  if (!tenant) return new Set();
  data[tenant] = await newRecordShop(db, rt, user, body, reads);
  return new Set([tenant]);
}
