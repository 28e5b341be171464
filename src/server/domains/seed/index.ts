import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { insertRow, insertRows, type Row } from './rows.js';
import type { Db } from '../../core/db.js';
import { randomBytes } from 'node:crypto';
import { hashPassword, SUPER_ADMIN_ROLE } from '../../core/auth.js';
import { writeTx } from '../../core/crud.js';
import { DEMO_LOGINS, ROLES } from './data-accounts.js';
import { BRANDS } from './data-brands.js';
import { DEMO_CATEGORIES } from './catalog-data.js';
import { syncMenus } from './menus.js';
import { syncResources } from './resources.js';
import { seedMemberLevels, seedPlatformShop, seedShops } from './shops.js';
import { seedCatalog } from './catalog.js';
import { ORDER_SEED_TABLES, seedDemoOrders, seedOrderSettings } from './orders.js';
import { PROMOTION_SEED_TABLES, seedDemoMarketing, seedMarketingSettings } from './promotions.js';
import { recountRoles } from '../admin/service.js';
import { demoImage, demoImageUrl } from '../demo-images/names.js';
import { daysAgo } from './demo-times.js';
import { get } from '../../core/lookup.js';

const SEEDED_TABLES = [
  tables.admin,
  tables.role,
  tables.adminRoleRelation,
  tables.menu,
  tables.roleMenuRelation,
  tables.resource,
  tables.resourceCategory,
  tables.roleResourceRelation,
  tables.brand,
  tables.memberLevel,
  tables.vipMembership,
  tables.shop,
  tables.member,
  ...ORDER_SEED_TABLES,
  ...PROMOTION_SEED_TABLES,
];

export interface SeedOptions {
  /** Demo accounts with known passwords, shops, brands and a catalog; otherwise one `admin` account only. */
  demo: boolean;
  /** Password of that `admin` outside demo mode; generated (and answered once) when absent. */
  adminPassword?: string;
  /** The API base (`config.apiBase`): demo picture URLs are stored under it, as upload URLs are. */
  apiBase: string;
}

/**
 * On an empty database (no admin yet): roles, member levels and either the demo or a lone `admin`; then, on every
 * start, the menus and resources of new schemas.
 */
export async function seed(db: Db, opts: SeedOptions): Promise<{ seeded: boolean; generatedPassword?: string }> {
  return writeTx(db, SEEDED_TABLES, async (trx) => {
    const empty = !(await trx.selectFrom(tables.admin).select('id').limit(1).executeTakeFirst());
    let generatedPassword: string | undefined;
    if (empty) {
      await seedRoles(trx);
      await seedMemberLevels(trx);
      if (opts.demo) {
        const now = Date.now();
        const picture = (name: string) => demoImageUrl(opts.apiBase, name);
        await seedAccounts(
          trx,
          await roleIds(trx),
          DEMO_LOGINS.map((a) => ({
            ...a,
            icon: picture(demoImage.admin(a.username)),
            createTime: daysAgo(now, a.ageDays),
          })),
        );
        await seedShops(trx, opts.apiBase, now);
        await seedBrands(trx, opts.apiBase);
        await seedCatalog(trx, opts.apiBase); // after shops and brands: products belong to them
        await seedDemoOrders(trx, now); // after the catalog: orders buy the shops' products
        await seedMarketingSettings(trx); // the flash sessions the demo promotions use
        await seedDemoMarketing(trx, now, opts.apiBase); // after the orders: coupons and rewards name them
        await seedPlatformShop(trx, opts.apiBase, now);
      } else {
        const password = opts.adminPassword || (generatedPassword = randomBytes(12).toString('base64url'));
        await seedAccounts(trx, await roleIds(trx), [
          { username: 'admin', password, role: SUPER_ADMIN_ROLE, nickName: 'Platform admin', email: '' },
        ]);
      }
    }
    await seedOrderSettings(trx);
    await seedMarketingSettings(trx);
    const roles = await roleIds(trx);
    await syncMenus(trx, roles);
    await syncResources(trx, roles);
    return { seeded: empty, generatedPassword };
  });
}

async function roleIds(trx: Kysely<Database>): Promise<Map<string, number>> {
  return new Map(
    (await trx.selectFrom(tables.role).select(['id', 'name']).execute()).map((r) => [String(r.name), Number(r.id)]),
  );
}

async function seedRoles(trx: Kysely<Database>): Promise<void> {
  const now = new Date().toISOString();
  for (const r of ROLES) {
    await insertRow(trx, tables.role, { ...r, admin_count: 0, status: 1, create_time: now }).execute();
  }
}

type Account = {
  username: string;
  password: string;
  role: string;
  nickName: string;
  email: string;
  icon?: string;
  createTime?: string;
};

async function seedAccounts(
  trx: Kysely<Database>,
  roles: Map<string, number>,
  accounts: readonly Account[],
): Promise<void> {
  const now = new Date().toISOString();
  for (const a of accounts) {
    const { id } = await insertRow(trx, tables.admin, {
      username: a.username,
      password: await hashPassword(a.password),
      nick_name: a.nickName,
      email: a.email,
      note: `${a.role} account`,
      status: 1,
      create_time: a.createTime ?? now,
      icon: a.icon ?? null,
    })
      .returning('id')
      .executeTakeFirstOrThrow();
    await insertRow(trx, tables.adminRoleRelation, {
      admin_id: Number(id),
      role_id: get(roles, a.role, 'Role'),
    }).execute();
  }
  await recountRoles(trx, [...roles.values()]);
}

/** Brands with their logo; the big picture (brand zone banner) shows the first kind of product they make. */
async function seedBrands(trx: Kysely<Database>, apiBase: string): Promise<void> {
  const leaves = DEMO_CATEGORIES.flatMap((t) => t.children);
  await insertRows(
    trx,
    tables.brand,
    BRANDS.map(([name, sort, showStatus, factoryStatus, story]) => {
      const leaf = leaves.find((l) => l.brands.includes(name));
      return {
        name,
        first_letter: name[0].toUpperCase(),
        sort,
        show_status: showStatus,
        factory_status: factoryStatus,
        product_count: 0,
        product_comment_count: 0,
        logo: demoImageUrl(apiBase, demoImage.brand(name)),
        big_pic: leaf ? demoImageUrl(apiBase, demoImage.product(leaf.name, 1)) : '',
        brand_story: story,
      } satisfies Row<typeof tables.brand>;
    }),
  );
}
