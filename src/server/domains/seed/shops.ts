import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { insertRow } from './rows.js';
import { snakeKeys as columns } from '../../../shared/sql-naming.js';
import { addMonths } from '../vip/service.js';
import { DEMO_MEMBERS, DEMO_SHOPS, DEMO_VIP, MEMBER_LEVELS, PLATFORM_SHOP } from './data-shops.js';
import { demoImage, demoImageUrl } from '../demo-images/names.js';
import { daysAgo, spreadDays } from './demo-times.js';
import { get } from '../../core/lookup.js';

const adminIds = async (trx: Kysely<Database>) =>
  new Map(
    (await trx.selectFrom(tables.admin).select(['id', 'username']).execute()).map((r) => [
      String(r.username),
      Number(r.id),
    ]),
  );

/** The member levels (reference data, seeded with or without the demo). */
export async function seedMemberLevels(trx: Kysely<Database>): Promise<void> {
  for (const [name, growthPoint, defaultStatus, freeFreightPoint] of MEMBER_LEVELS) {
    await insertRow(
      trx,
      tables.memberLevel,
      columns({ name, growthPoint, defaultStatus, freeFreightPoint, commentGrowthPoint: 20, note: '' }),
    ).execute();
  }
}

/**
 * Demo VIP memberships, shops and their members (on an empty database, in demo mode only), with pictures under
 * `apiBase`; shops opened on their `ageDays`, members registered between their shop's opening and `now`.
 */
export async function seedShops(trx: Kysely<Database>, apiBase: string, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  const created = now.toISOString();
  const admins = await adminIds(trx);
  const granter = admins.get('admin');
  const regular = await trx
    .selectFrom(tables.memberLevel)
    .select('id')
    .where('default_status', '=', 1)
    .executeTakeFirst();
  for (const v of DEMO_VIP) {
    await insertRow(
      trx,
      tables.vipMembership,
      columns({
        adminId: get(admins, v.seller, 'Seller'),
        plan: v.plan,
        startTime: created,
        endTime: addMonths(now, v.months).toISOString(),
        grantedBy: granter,
        note: 'Demo VIP',
        createTime: created,
      }),
    ).execute();
  }
  const shopIds: number[] = [];
  for (const shop of DEMO_SHOPS) shopIds.push(await insertShop(trx, apiBase, nowMs, shop, admins));
  for (const [k, shop] of DEMO_SHOPS.entries()) {
    const members = DEMO_MEMBERS.filter((m) => m[0] === k);
    const days = spreadDays(1000 + k, members.length, shop.ageDays - 1, 0);
    for (const [j, [, username, nickname, realName, country, applyStatus]] of members.entries()) {
      await insertRow(
        trx,
        tables.member,
        columns({
          username,
          nickname,
          realName,
          country,
          applyStatus,
          status: 1,
          gender: 0,
          shopId: shopIds[k],
          memberLevelId: regular ? Number(regular.id) : null,
          mobile: '',
          icon: demoImageUrl(apiBase, demoImage.member(username)),
          createTime: daysAgo(nowMs, days[j]),
        }),
      ).execute();
    }
  }
}

type DemoShop = (typeof DEMO_SHOPS)[number] | typeof PLATFORM_SHOP;

async function insertShop(
  trx: Kysely<Database>,
  apiBase: string,
  nowMs: number,
  { seller, ageDays, ...shop }: DemoShop,
  admins: Map<string, number>,
): Promise<number> {
  const { id } = await insertRow(
    trx,
    tables.shop,
    columns({
      ...shop,
      sellerId: admins.get(seller),
      icon: demoImageUrl(apiBase, demoImage.shop(shop.inviteCode)),
      createTime: daysAgo(nowMs, ageDays),
    }),
  )
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/**
 * The platform's own shop, seeded last: the demo catalog, orders and promotions spread over the sellers' shops only,
 * and this one starts empty, filled by what platform staff create naming no shop.
 */
export async function seedPlatformShop(trx: Kysely<Database>, apiBase: string, nowMs: number): Promise<void> {
  await insertShop(trx, apiBase, nowMs, PLATFORM_SHOP, await adminIds(trx));
}
