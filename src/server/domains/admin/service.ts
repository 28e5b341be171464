import { sql, type Kysely, type RawBuilder } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { Messages } from '../../../shared/messages.js';
import { SELLER_ROLE, SUPER_ADMIN_ROLE, type AuthUser } from '../../core/auth.js';
import { failed } from '../../core/envelope.js';
import { createRecord, recordColumns, runtime, toRecords, type Invariant } from '../../core/crud.js';
import type { Db, Row } from '../../core/db.js';
import { AdminStatus, RolePlatform, RoleStatus } from '../../../../generated/enums.js';

/** The SET value that ends an account's tokens: its session version plus one (schemas/admin.json `tokenVersion`). */
export const nextSession = sql<number>`token_version + 1`;

/** Ends every token of these accounts, on every server process. */
export async function endSessions(k: Kysely<Database>, adminIds: number[]): Promise<void> {
  if (adminIds.length)
    await k.updateTable(tables.admin).set({ token_version: nextSession }).where('id', 'in', adminIds).execute();
}

/**
 * Look-alike folding of a username (the schema allows ASCII letters, digits and `._@-` only, so other scripts'
 * look-alikes never get in): case, then 0→o, 1→l, i→l, rn→m, vv→w. In SQL and in JS, the same steps in the same order.
 */
const FOLDS: [string, string][] = [
  ['0', 'o'],
  ['1', 'l'],
  ['i', 'l'],
  ['rn', 'm'],
  ['vv', 'w'],
];
export const usernameSkeleton = (u: string) => FOLDS.reduce((s, [from, to]) => s.split(from).join(to), u.toLowerCase());
const skeletonSql = () =>
  FOLDS.reduce<RawBuilder<string>>(
    (s, [from, to]) => sql<string>`replace(${s}, ${from}, ${to})`,
    sql<string>`lower(username)`,
  );

/**
 * Someone can still administer everything: an enabled account with the enabled Super admin role. A write that would
 * leave none (the last super admin removing its own role, being disabled or deleted, the role disabled or renamed)
 * is refused and rolled back.
 */
export const superAdminRemains: Invariant = async (trx) => {
  const one = await trx
    .selectFrom(`${tables.admin} as a`)
    .innerJoin(`${tables.adminRoleRelation} as ar`, 'ar.admin_id', 'a.id')
    .innerJoin(`${tables.role} as r`, 'r.id', 'ar.role_id')
    .select('a.id')
    .where('a.status', '=', AdminStatus.enabled)
    .where('r.status', '=', RoleStatus.enabled)
    .where('r.name', '=', SUPER_ADMIN_ROLE)
    .limit(1)
    .executeTakeFirst();
  if (!one) throw failed(Messages.lastSuperAdmin);
};

/** usernameTaken when another account (not `exceptId`) has this username or one that looks the same (`ADMIN`, `adm1n`). */
export async function assertUsernameFree(k: Kysely<Database>, username: string, exceptId?: number): Promise<void> {
  let qb = k.selectFrom(tables.admin).select('id').where(skeletonSql(), '=', usernameSkeleton(username));
  if (exceptId !== undefined) qb = qb.where('id', '<>', exceptId);
  if (await qb.executeTakeFirst()) throw failed(Messages.usernameTaken);
}

/** Role records of an admin. */
export async function rolesOfAdmin(db: Db, adminId: number): Promise<Row[]> {
  const rt = runtime('role');
  const k = db.kysely;
  const rows = await recordColumns(
    k
      .selectFrom(tables.role)
      .where('id', 'in', k.selectFrom(tables.adminRoleRelation).select('role_id').where('admin_id', '=', adminId))
      .orderBy('id'),
    rt,
  ).execute();
  return toRecords(rt, rows, db.dialect);
}

/** Menu records the user may see: all for the super admin, else those of their enabled roles. */
export async function menusOfUser(db: Db, user: AuthUser): Promise<Row[]> {
  const rt = runtime('menu');
  const k = db.kysely;
  let qb = k.selectFrom(tables.menu);
  if (!user.superAdmin) {
    const roleIds = user.roles.map((r) => r.id);
    if (!roleIds.length) return [];
    qb = qb.where('id', 'in', k.selectFrom(tables.roleMenuRelation).select('menu_id').where('role_id', 'in', roleIds));
  }
  return toRecords(rt, await recordColumns(qb.orderBy('sort', 'desc').orderBy('id'), rt).execute(), db.dialect);
}

/** Keeps each role's admin_count in step with the account–role relation table. */
export async function recountRoles(k: Kysely<Database>, roleIds?: number[]): Promise<void> {
  // One correlated UPDATE (all roles when no ids are given, e.g. after accounts were deleted).
  let q = k.updateTable(tables.role).set((eb) => ({
    admin_count: eb
      .selectFrom(`${tables.adminRoleRelation} as ar`)
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('ar.role_id', '=', `${tables.role}.id`),
  }));
  if (roleIds) {
    if (!roleIds.length) return;
    q = q.where('id', 'in', roleIds);
  }
  await q.execute();
}

/**
 * A self-registered account is a seller: the account (validated as any admin: username 2–64, password 6–64) with
 * the Seller role (`grantSellerRole`, the account's `register` hook), so it can log in at once and open a shop once
 * it has VIP.
 */
export const registerSeller = (db: Db, body: Row): Promise<Row> =>
  createRecord(db, runtime('admin'), body, undefined, { action: 'register' });

/**
 * The Seller role for a new account: the role by name, else the first enabled shop-scoped role (an admin may have
 * renamed it); never a platform role.
 */
export async function grantSellerRole(trx: Kysely<Database>, adminId: number): Promise<void> {
  const role = await trx
    .selectFrom(tables.role)
    .select('id')
    .where('platform', '=', RolePlatform.ownShops)
    .where('status', '=', RoleStatus.enabled)
    .orderBy(sql`CASE WHEN name = ${SELLER_ROLE} THEN 0 ELSE 1 END`)
    .orderBy('id')
    .executeTakeFirst();
  if (!role) return;
  await trx.insertInto(tables.adminRoleRelation).values({ admin_id: adminId, role_id: role.id }).execute();
  await recountRoles(trx, [Number(role.id)]);
}
