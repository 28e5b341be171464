import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { insertRow, insertRows } from './rows.js';
import { demoImage, demoImageUrl } from '../demo-images/names.js';
import { random } from './catalog-generate.js';
import { DAY, daysAgo } from './demo-times.js';
import {
  ADVERT_NAMES,
  COUPON_NAMES,
  DEVICES,
  FLASH_SESSIONS,
  LINK_NOTES,
  NEWS,
  PREFERRED_AREAS,
  PROMOTION_TITLES,
  SUBJECTS,
} from './data-promotions.js';
import {
  CouponUseType,
  FlashSessionStatus,
  MemberApplyStatus,
  OrderStatus,
  ProductDeleteStatus,
  ProductPublishStatus,
  RelationLevel,
} from '../../../../generated/enums.js';
import { entities } from '../../../../generated/entities.js';
import { singletonId } from '../../../shared/entity-meta.js';

/** Tables the marketing seed writes. */
export const PROMOTION_SEED_TABLES = [
  tables.flash,
  tables.flashSession,
  tables.flashProductRelation,
  tables.coupon,
  tables.couponProductRelation,
  tables.couponProductCategoryRelation,
  tables.couponHistory,
  tables.homeBrand,
  tables.homeNewProduct,
  tables.homeRecommendProduct,
  tables.homeRecommendSubject,
  tables.homeAdvertise,
  tables.subject,
  tables.prefrenceArea,
  tables.news,
  tables.referralLink,
  tables.referralSetting,
  tables.relation,
  tables.reward,
  tables.referralClick,
];

/** Upstream keeps its settings as row 1; a link naming no ratio gets this one. */
const DEFAULT_RATIO = 0.1;

/** Platform data every database has (demo or not), added when missing: the referral setting and the flash slots. */
export async function seedMarketingSettings(trx: Kysely<Database>): Promise<void> {
  const id = singletonId(entities.referralSetting);
  if (!(await trx.selectFrom(tables.referralSetting).select('id').where('id', '=', id).executeTakeFirst()))
    await insertRow(trx, tables.referralSetting, { id, default_ratio: DEFAULT_RATIO }).execute();
  if (!(await trx.selectFrom(tables.flashSession).select('id').limit(1).executeTakeFirst())) {
    const now = new Date().toISOString();
    await insertRows(
      trx,
      tables.flashSession,
      FLASH_SESSIONS.map(([name, start, end, status]) => ({
        name,
        start_time: start,
        end_time: end,
        status,
        create_time: now,
      })),
    );
  }
}

const CODE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const day = (now: number, offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The demo marketing: per shop, flash promotions with products in sessions, coupons of every kind with their
 * products, categories and history, adverts, referral links with clicks, relations and rewards; for the platform,
 * subjects, preferred areas, homepage recommendations and news. Seeded random, never in the future.
 */
export async function seedDemoMarketing(trx: Kysely<Database>, now: number, apiBase: string): Promise<void> {
  const rnd = random(20261124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const shops = await trx.selectFrom(tables.shop).select(['id']).orderBy('id').execute();
  const products = await trx
    .selectFrom(tables.product)
    .select(['id', 'name', 'pic', 'product_sn', 'price', 'stock', 'shop_id', 'product_category_id'])
    .where('delete_status', '=', ProductDeleteStatus.normal)
    .orderBy('id')
    .execute();
  const members = await trx
    .selectFrom(tables.member)
    .select(['id', 'username', 'nickname', 'shop_id'])
    .where('apply_status', '=', MemberApplyStatus.approved)
    .orderBy('id')
    .execute();
  const orders = await trx
    .selectFrom(tables.order)
    .select(['id', 'order_sn', 'shop_id', 'member_id', 'pay_amount'])
    .where('status', 'in', [OrderStatus.pendingShipment, OrderStatus.shipped, OrderStatus.completed])
    .orderBy('id')
    .execute();
  const categories = await trx.selectFrom(tables.productCategory).select(['id', 'name', 'parent_id']).execute();
  const categoryName = new Map(categories.map((c) => [Number(c.id), String(c.name)]));
  const sessions = (
    await trx
      .selectFrom(tables.flashSession)
      .select('id')
      .where('status', '=', FlashSessionStatus.enabled)
      .orderBy('start_time')
      .execute()
  ).map((s) => Number(s.id));
  const by = <T extends { shop_id: unknown }>(rows: T[], shop: number) =>
    rows.filter((r) => Number(r.shop_id) === shop);
  const used = new Set<string>();
  const code = (): string => {
    const c = Array.from({ length: 8 }, () => CODE_CHARS[Math.floor(rnd() * CODE_CHARS.length)]).join('');
    if (used.has(c)) return code();
    used.add(c);
    return c;
  };

  for (const { id: shopRaw } of shops) {
    const shop = Number(shopRaw);
    const own = by(products, shop);
    const people = by(members, shop);
    const sales = by(orders, shop);
    if (!own.length) continue;

    // Flash promotions: one running, one coming, one over; products in two or three sessions each.
    for (let i = 0; i < 3; i++) {
      const start = [-2, 5, -30][i];
      const { id } = await insertRow(trx, tables.flash, {
        shop_id: shop,
        title: PROMOTION_TITLES[(shop + i) % PROMOTION_TITLES.length],
        start_date: day(now, start),
        end_date: day(now, start + int(3, 7)),
        status: i === 2 ? 0 : 1,
        create_time: daysAgo(now, 40 - i * 5),
      })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows = [];
      for (const session of sessions.slice(i, i + int(2, 3))) {
        for (const p of [...own].sort(() => rnd() - 0.5).slice(0, int(2, 4))) {
          const stock = Number(p.stock);
          rows.push({
            shop_id: shop,
            flash_promotion_id: Number(id),
            flash_promotion_session_id: session,
            product_id: Number(p.id),
            product_name: p.name,
            product_pic: p.pic,
            product_sn: p.product_sn,
            product_price: p.price,
            product_stock: p.stock,
            flash_promotion_price: round2(Number(p.price) * pick([0.5, 0.6, 0.7, 0.8])),
            flash_promotion_count: stock < 0 ? 100 : Math.min(stock, int(10, 80)),
            flash_promotion_limit: int(1, 5),
            sort: int(0, 100),
          });
        }
      }
      await insertRows(trx, tables.flashProductRelation, rows);
    }

    // Coupons of every kind and scope, with who received and used them.
    const leafIds = [...new Set(own.map((p) => Number(p.product_category_id)))];
    for (let i = 0; i < 5; i++) {
      const useType = i % 3;
      const amount = pick([5, 10, 20, 50]);
      const count = pick([100, 200, 500, 1000]);
      const history = people.length ? int(10, 30) : 0;
      const usedCount = Math.floor(history * (0.2 + rnd() * 0.4));
      const start = int(-60, -5);
      const { id } = await insertRow(trx, tables.coupon, {
        shop_id: shop,
        type: i % 4,
        name: `${COUPON_NAMES[i % COUPON_NAMES.length]} ${amount} off`,
        platform: i % 3,
        count,
        amount,
        per_limit: int(1, 3),
        min_point: amount * pick([0, 5, 10]),
        start_time: daysAgo(now, -start),
        end_time: daysAgo(now, -start - int(30, 90)),
        use_type: useType,
        note: useType ? 'Valid on the listed items only' : 'Valid storewide',
        publish_count: count,
        use_count: usedCount,
        receive_count: history,
        enable_time: daysAgo(now, -start + 2),
        code: `C${shop}${String(i + 1).padStart(3, '0')}`,
        create_time: daysAgo(now, -start + 3),
      })
        .returning('id')
        .executeTakeFirstOrThrow();
      const couponId = Number(id);
      if (useType === CouponUseType.categories) {
        await insertRows(
          trx,
          tables.couponProductCategoryRelation,
          leafIds.slice(0, int(1, 2)).map((c) => {
            const parent = categories.find((x) => Number(x.id) === c)?.parent_id;
            return {
              coupon_id: couponId,
              product_category_id: c,
              product_category_name: categoryName.get(c),
              parent_category_name: parent ? categoryName.get(Number(parent)) : null,
            };
          }),
        );
      }
      if (useType === CouponUseType.products) {
        await insertRows(
          trx,
          tables.couponProductRelation,
          own.slice(i, i + int(2, 3)).map((p) => ({
            coupon_id: couponId,
            product_id: Number(p.id),
            product_name: p.name,
            product_sn: p.product_sn,
          })),
        );
      }
      const rows = [];
      for (let h = 0; h < history; h++) {
        const m = people[h % people.length];
        const isUsed = h < usedCount;
        const sale = isUsed ? (sales.find((o) => Number(o.member_id) === Number(m.id)) ?? pick(sales)) : undefined;
        rows.push({
          shop_id: shop,
          coupon_id: couponId,
          member_id: Number(m.id),
          coupon_code: `${couponId}${String(h + 1).padStart(4, '0')}`,
          member_nickname: m.nickname ?? m.username,
          get_type: h % 4 === 0 ? 0 : 1,
          create_time: daysAgo(now, Math.max(1, -start - h)),
          use_status: isUsed ? 1 : h % 7 === 0 ? 2 : 0,
          use_time: isUsed ? daysAgo(now, Math.max(0, -start - h - 1)) : null,
          order_id: sale ? Number(sale.id) : null,
          order_sn: sale ? sale.order_sn : null,
        });
      }
      await insertRows(trx, tables.couponHistory, rows);
    }

    // Adverts on both carousels, one offline and one expired.
    await insertRows(
      trx,
      tables.homeAdvertise,
      ADVERT_NAMES.slice(0, 3).map((name, i) => ({
        shop_id: shop,
        name,
        type: i % 2,
        pic: own[(i * 7) % own.length].pic ?? '',
        start_time: daysAgo(now, [10, 3, 60][i]),
        end_time: daysAgo(now, [-20, -30, 30][i]),
        status: i === 1 ? 0 : 1,
        click_count: int(50, 3000),
        order_count: int(0, 120),
        url: `https://shop.example.com/promo/${shop}-${i + 1}`,
        note: i === 2 ? 'Last season' : null,
        sort: 100 - i * 10,
      })),
    );

    // Referral links with their clicks; relations between the shop's members; rewards on their orders.
    const links = [];
    for (let i = 0; i < 4; i++) {
      const clicks = int(5, 20);
      const linkCode = code();
      const { id } = await insertRow(trx, tables.referralLink, {
        shop_id: shop,
        code: linkCode,
        kind: i % 2,
        commission_ratio: i === 3 ? DEFAULT_RATIO : pick([0.05, 0.08, 0.12, 0.15, 0.2, 0.3]),
        note: LINK_NOTES[i % LINK_NOTES.length],
        click_count: clicks,
        create_time: daysAgo(now, 50 - i * 9),
        ip: `203.0.113.${int(2, 250)}`,
        device: pick(DEVICES),
      })
        .returning('id')
        .executeTakeFirstOrThrow();
      links.push({ id: Number(id), code: linkCode });
      await insertRows(
        trx,
        tables.referralClick,
        Array.from({ length: clicks }, (_, c) => ({
          shop_id: shop,
          link_id: Number(id),
          code: linkCode,
          ip: `198.51.100.${int(2, 250)}`,
          device: pick(DEVICES),
          click_time: daysAgo(now, Math.max(0, 45 - i * 9 - c) + rnd()),
        })),
      );
    }
    if (people.length > 1) {
      const relations = [];
      for (let i = 1; i < Math.min(people.length, 12); i++) {
        const link = links[i % links.length];
        relations.push({
          shop_id: shop,
          referrer_id: Number(people[Math.floor((i - 1) / 2)].id),
          member_id: Number(people[i].id),
          level: i < 3 ? RelationLevel.direct : i < 7 ? RelationLevel.second : RelationLevel.third,
          link_id: link.id,
          code: link.code,
          create_time: daysAgo(now, 40 - i * 2),
        });
      }
      await insertRows(trx, tables.relation, relations);
      // A reward on each of the referee's paid orders (a few), by the relation's level.
      const rewards = relations.flatMap((r) =>
        sales
          .filter((o) => Number(o.member_id) === r.member_id)
          .slice(0, 6)
          .map((sale, k) => {
            const ratio = r.level === RelationLevel.direct ? 0.1 : r.level === RelationLevel.second ? 0.05 : 0.02;
            return {
              shop_id: shop,
              reward: round2(Number(sale.pay_amount) * ratio),
              member_id: r.referrer_id,
              payer_id: r.member_id,
              pay_amount: Number(sale.pay_amount),
              order_sn: sale.order_sn,
              reason: `Referral commission (level ${r.level}) on order ${sale.order_sn}`,
              create_time: daysAgo(now, Math.max(1, 30 - k * 4 - r.level)),
            };
          }),
      );
      await insertRows(trx, tables.reward, rewards);
    }
  }

  // The platform's: subjects, preferred areas, homepage recommendations, news.
  await insertRows(
    trx,
    tables.subject,
    SUBJECTS.map(([title, category, leaf], i) => ({
      title,
      category_name: category,
      pic: demoImageUrl(apiBase, demoImage.product(leaf, 1)),
      product_count: int(4, 24),
      recommend_status: i % 2,
      show_status: 1,
      description: `${title}: a hand-picked selection from our shops.`,
      create_time: daysAgo(now, 90 - i * 9),
    })),
  );
  await insertRows(
    trx,
    tables.prefrenceArea,
    PREFERRED_AREAS.map(([name, sub], i) => ({ name, sub_title: sub, sort: 40 - i * 10, show_status: 1 })),
  );
  const brands = await trx.selectFrom(tables.brand).select(['id', 'name']).orderBy('sort', 'desc').limit(6).execute();
  await insertRows(
    trx,
    tables.homeBrand,
    brands.map((b, i) => ({
      brand_id: Number(b.id),
      brand_name: b.name,
      recommend_status: i < 5 ? 1 : 0,
      sort: 60 - i * 10,
    })),
  );
  const spread = products.filter((_, i) => i % 13 === 0);
  const recommend = (list: typeof products, off: number) =>
    list.slice(off, off + 8).map((p, i) => ({
      product_id: Number(p.id),
      product_name: p.name,
      recommend_status: i < 6 ? 1 : 0,
      sort: 80 - i * 10,
    }));
  await insertRows(trx, tables.homeNewProduct, recommend([...products].reverse(), 0));
  await insertRows(trx, tables.homeRecommendProduct, recommend(spread, 0));
  const subjects = await trx.selectFrom(tables.subject).select(['id', 'title']).orderBy('id').limit(4).execute();
  await insertRows(
    trx,
    tables.homeRecommendSubject,
    subjects.map((s, i) => ({
      subject_id: Number(s.id),
      subject_name: s.title,
      recommend_status: 1,
      sort: 40 - i * 10,
    })),
  );
  await insertRows(
    trx,
    tables.news,
    NEWS.map(([title, summary], i) => {
      const created = daysAgo(now, 120 - i * 9);
      return {
        title,
        summary,
        cover: demoImageUrl(apiBase, demoImage.product(SUBJECTS[i % SUBJECTS.length][2], 2)),
        content: `<p>${summary}</p><p>Read the details in the seller handbook, or write to the support team from the Shop menu.</p>`,
        publish_status: i % 4 === 3 ? ProductPublishStatus.offShelf : ProductPublishStatus.onShelf,
        recommend_status: i < 3 ? 1 : 0,
        create_time: created,
        update_time: created,
      };
    }),
  );
}
