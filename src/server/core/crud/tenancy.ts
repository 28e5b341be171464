import type { AuthUser } from '../auth.js';
import { forbidden } from '../envelope.js';
import type { Dialect, Row } from '../db.js';
import { inCond, type Cond } from './conds.js';
import type { EntityRuntime } from './runtime.js';

/**
 * THE tenancy rule: on an entity with a tenant field, a caller who is not platform staff only reads and writes rows
 * of their own shops. Returns the condition to add, or null when the caller sees everything.
 */
export function tenantCond(rt: EntityRuntime, user: AuthUser | undefined, dialect: Dialect): Cond | null {
  const tenant = rt.meta.tenant;
  if (!tenant || !user || user.platform) return null;
  const column = rt.field.get(tenant)?.column ?? tenant;
  return inCond('tenant', column, user.shopIds, 'integer', dialect);
}

/**
 * On create: platform staff may name the shop (the tenant field is read-only otherwise); a seller's record is
 * stamped with their shop (the one named, if it is theirs, else their first). Returns the fields the body may set
 * despite being read-only.
 */
export function stampTenant(rt: EntityRuntime, user: AuthUser | undefined, data: Row, body: Row): Set<string> {
  const tenant = rt.meta.tenant;
  if (!tenant || !user) return new Set();
  if (user.platform) {
    if (body[tenant] !== undefined) data[tenant] = body[tenant];
    return new Set([tenant]);
  }
  const wanted = Number(body[tenant]);
  const shop = user.shopIds.includes(wanted) ? wanted : user.shopIds[0];
  if (shop === undefined) throw forbidden();
  data[tenant] = shop;
  return new Set([tenant]);
}
