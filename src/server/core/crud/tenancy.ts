import type { AuthUser } from '../auth.js';
import { validationFailed } from '../envelope.js';
import type { Dialect, Row } from '../db.js';
import { parseId } from '../params.js';
import { inCond, type Cond } from './conds.js';
import type { EntityRuntime } from './runtime.js';

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

/** A shop id the seller named: one of its own, else refused (never silently another). */
function ownShop(user: AuthUser, tenant: string, raw: unknown): number {
  const wanted = Number(raw);
  if (!user.shopIds.includes(wanted)) throw validationFailed({ [tenant]: 'is not one of your shops' });
  return wanted;
}

const isTenantField = (rt: EntityRuntime, user: AuthUser | undefined): user is AuthUser =>
  Boolean(rt.meta.tenant && rt.meta.tenant !== rt.meta.primaryKey && user);

/**
 * The shop a new record will belong to: platform staff may name any (or none: undefined); a seller gets the one
 * named in the body if it is its own, else its first; a seller without a shop is refused. Undefined too for
 * entities without a tenant field and for shops themselves (`tenant: "id"`).
 */
export function newRecordShop(rt: EntityRuntime, user: AuthUser | undefined, body: Row): unknown {
  if (!isTenantField(rt, user)) return undefined;
  const tenant = rt.meta.tenant!;
  if (user.platform) return given(body[tenant]) ? parseId(body[tenant], tenant) : undefined;
  if (given(body[tenant])) return ownShop(user, tenant, body[tenant]);
  if (user.shopIds.length) return user.shopIds[0];
  throw validationFailed({ [tenant]: 'you have no shop yet' });
}

/** On create: stamps `newRecordShop` into `data`; returns the read-only fields the row may set (the tenant field). */
export function stampTenant(rt: EntityRuntime, user: AuthUser | undefined, data: Row, body: Row): Set<string> {
  if (!isTenantField(rt, user)) return new Set();
  const shop = newRecordShop(rt, user, body);
  if (shop !== undefined) data[rt.meta.tenant!] = shop;
  return new Set([rt.meta.tenant!]);
}
