import { q, type Db } from './db.js';
import { columns, tables } from '../../../generated/database.js';
import { SUPER_ADMIN_ROLE, type AuthUser } from './auth.js';
import { AdminStatus, RolePlatform, RoleStatus } from '../../../generated/enums.js';

const SESSION_SQL =
  `SELECT ${q(columns.admin.status)} AS "status", ${q(columns.admin.tokenVersion)} AS "version" ` +
  `FROM ${q(tables.admin)} WHERE "id" = ?`;

/** Tables whose writes can change who a token stands for; any write to them empties the cache. */
const AUTH_TABLES = new Set<string>([
  tables.admin,
  tables.adminRoleRelation,
  tables.role,
  tables.roleResourceRelation,
  tables.resource,
  tables.shop,
]);
const MAX_ENTRIES = 1000;
/** Entries also expire, so a change made by another server process on the same database reaches this one. */
const TTL_MS = 60_000;

/** Shops belong to the seller account in `seller_id` (schemas/shop.json). */
export async function ownShopIds(db: Db, adminId: number): Promise<number[]> {
  return (
    await db.kysely.selectFrom(tables.shop).select('id').where('seller_id', '=', adminId).orderBy('id').execute()
  ).map((r) => Number(r.id));
}

/**
 * Loads the caller of a token (enabled account, enabled roles, resource patterns, session version) with a cache that
 * any write to the auth tables empties, in this process or another one on the same database (SQLite: its change
 * counter, looked at on each call; PostgreSQL: LISTEN/NOTIFY, a few milliseconds behind the commit), so a logout,
 * password change, disabling, deletion or role change ends the account's tokens at once without a database read per
 * request. A version counter keeps a load that raced with a write from being cached.
 */
export class AuthUsers {
  private cache = new Map<number, { user: AuthUser | null; at: number }>();
  private version = 0;
  /**
   * Loads under way, per account and cache version: the requests that find an account missing (after a write to the
   * auth tables, here or in another process, every one at once) share one load instead of each reading it again.
   */
  private flights = new Map<number, { version: number; user: Promise<AuthUser | null> }>();
  /** Told whether each lookup found the account cached (the metrics). */
  onLookup?: (hit: boolean) => void;

  constructor(
    private db: Db,
    /** Tenancy: shop ids owned by an account (cached with the user, dropped on any shop write). */
    private shopIdsOf: (db: Db, adminId: number) => Promise<number[]> = ownShopIds,
  ) {
    db.hooks.on((table) => {
      if (AUTH_TABLES.has(table)) this.invalidate();
    });
  }

  invalidate(): void {
    this.version++;
    this.cache.clear();
  }

  /** The user, or null when the account is gone or disabled, or the token's session version is no longer its. */
  async get(id: number, sessionVersion: number): Promise<AuthUser | null> {
    // A write to the auth tables here or in another process empties the cache (SQLite: the file's change counter,
    // looked at now; PostgreSQL: LISTEN/NOTIFY). While other processes cannot be heard, the session is read.
    const hearing = this.db.hooks.hearing;
    if (!hearing && (await this.sessionOf(id)) !== sessionVersion) return null;
    this.db.hooks.catchUp();
    const hit = this.cache.get(id);
    const fresh = hit && Date.now() - hit.at < TTL_MS && (hearing || hit.user?.sessionVersion === sessionVersion);
    this.onLookup?.(!!fresh);
    let user = fresh ? hit.user : undefined;
    if (!fresh) {
      const seen = this.version;
      let flight = this.flights.get(id);
      if (flight?.version !== seen) {
        const loading = { version: seen, user: this.load(id) };
        this.flights.set(id, (flight = loading));
        const land = () => this.flights.get(id) === loading && this.flights.delete(id);
        loading.user.then(land, land);
      }
      user = await flight.user;
      if (seen === this.version) {
        if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
        this.cache.set(id, { user, at: Date.now() });
      }
    }
    return user && user.sessionVersion === sessionVersion ? user : null;
  }

  /** The account as it is now, whatever session it is in (a background job started by it); null when disabled. */
  async current(id: number): Promise<AuthUser | null> {
    const version = await this.sessionOf(id);
    return version === null ? null : this.get(id, version);
  }

  /** The session version of an enabled account, null when it is gone or disabled. */
  private async sessionOf(id: number): Promise<number | null> {
    // One prepared statement.
    const [row] = await this.db.all<{ status: number; version: number | null }>(SESSION_SQL, [id]);
    return row && Number(row.status) === AdminStatus.enabled ? Number(row.version ?? 0) : null;
  }

  private async load(id: number): Promise<AuthUser | null> {
    const k = this.db.kysely;
    const admin = await k
      .selectFrom(tables.admin)
      .select(['id', 'username', 'icon', 'status', 'token_version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!admin || Number(admin.status) !== AdminStatus.enabled) return null;
    const roles = (
      await k
        .selectFrom(`${tables.role} as r`)
        .innerJoin(`${tables.adminRoleRelation} as ar`, 'ar.role_id', 'r.id')
        .select(['r.id', 'r.name', 'r.platform'])
        .where('ar.admin_id', '=', id)
        .where('r.status', '=', RoleStatus.enabled)
        .orderBy('r.id')
        .execute()
    ).map((r) => ({ id: Number(r.id), name: String(r.name), platform: Number(r.platform) === RolePlatform.allShops }));
    const roleIds = roles.map((r) => r.id);
    const resources = roleIds.length
      ? (
          await k
            .selectFrom(`${tables.resource} as s`)
            .innerJoin(`${tables.roleResourceRelation} as rr`, 'rr.resource_id', 's.id')
            .select('s.url')
            .distinct()
            .where('rr.role_id', 'in', roleIds)
            .execute()
        ).map((r) => String(r.url))
      : [];
    const superAdmin = roles.some((r) => r.name === SUPER_ADMIN_ROLE);
    const shopIds = superAdmin ? [] : await this.shopIdsOf(this.db, id);
    // Only a role flagged `platform` sees every shop (fail closed: a new or renamed role is shop-scoped); an account
    // owning a shop is scoped to its shops whatever its roles.
    const platform = superAdmin || (roles.some((r) => r.platform) && !shopIds.length);
    return {
      id: Number(admin.id),
      username: String(admin.username),
      icon: admin.icon ?? null,
      roles: roles.map(({ id, name }) => ({ id, name })),
      superAdmin,
      platform,
      shopIds: platform ? [] : shopIds,
      resources,
      sessionVersion: Number(admin.token_version ?? 0),
    };
  }
}
