import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { insertRow, insertRows, type Row } from './rows.js';
import { random } from './catalog-generate.js';
import { DAY } from './demo-times.js';
import { noteColumns, type HistoryNote } from '../order/orders.js';
import { ADDRESSES, CARRIERS, CLOSE_NOTES, HUBS, RETURN_DESCRIPTIONS, RETURN_REASONS } from './data-orders.js';
import {
  BalanceRecordType,
  MemberApplyStatus,
  OrderPayStatus,
  OrderStatus,
  ProductDeleteStatus,
  ReturnApplyStatus,
} from '../../../../generated/enums.js';
import { get } from '../../core/lookup.js';
import { entities } from '../../../../generated/entities.js';
import { singletonId } from '../../../shared/entity-meta.js';

/** Demo orders on a fresh demo database: a few thousand across every status and shop. */
export const DEMO_ORDERS = 2400;

/** Tables the order seed writes. */
export const ORDER_SEED_TABLES = [
  tables.order,
  tables.orderItem,
  tables.orderOperateHistory,
  tables.orderLogistics,
  tables.returnApply,
  tables.returnReason,
  tables.orderSetting,
  tables.companyAddress,
  tables.balanceRecord,
  tables.member,
];

/** Upstream's seeded settings row: flash / normal order timeouts (min), confirm, finish, comment (days). */
const SETTING = {
  id: singletonId(entities.orderSetting),
  flash_order_overtime: 60,
  normal_order_overtime: 120,
  confirm_overtime: 15,
  finish_overtime: 7,
  comment_overtime: 7,
};

/** Platform data every database has (demo or not), added when missing: the settings row and return reasons. */
export async function seedOrderSettings(trx: Kysely<Database>): Promise<void> {
  if (!(await trx.selectFrom(tables.orderSetting).select('id').where('id', '=', SETTING.id).executeTakeFirst())) {
    await insertRow(trx, tables.orderSetting, SETTING).execute();
  }
  if (!(await trx.selectFrom(tables.returnReason).select('id').limit(1).executeTakeFirst())) {
    const now = new Date().toISOString();
    await insertRows(
      trx,
      tables.returnReason,
      RETURN_REASONS.map((name, i) => ({ name, sort: RETURN_REASONS.length - i, status: 1, create_time: now })),
    );
  }
}

/** An order's line before the order has its id. */
type OrderLine = Omit<Row<typeof tables.orderItem>, 'order_id' | 'order_sn'>;

type Pick = <T>(list: readonly T[]) => T;

const STATUS_WEIGHTS: [number, number][] = [
  [OrderStatus.pendingPayment, 8],
  [OrderStatus.pendingShipment, 12],
  [OrderStatus.shipped, 15],
  [OrderStatus.completed, 55],
  [OrderStatus.closed, 7],
  [OrderStatus.invalid, 3],
];

/** Statuses of an order whose goods have left, as plain numbers so that any status can be looked up. */
const SHIPPED: readonly number[] = [OrderStatus.shipped, OrderStatus.completed];

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The member's mobile, or a made-up one of the same shape (demo members leave it empty). */
const phoneOf = (m: { id: unknown; mobile: string | null }) =>
  m.mobile || `139${String(10_000_000 + ((Number(m.id) * 7919) % 89_999_999)).padStart(8, '0')}`;

/** What generated orders are made of: the shops with their approved members, products and SKUs, and sellers. */
export async function loadOrderRefs(trx: Kysely<Database>) {
  const shops = await trx.selectFrom(tables.shop).select(['id', 'shop_name', 'phone']).orderBy('id').execute();
  const members = await trx
    .selectFrom(tables.member)
    .select(['id', 'username', 'real_name', 'mobile', 'shop_id'])
    .where('apply_status', '=', MemberApplyStatus.approved)
    .execute();
  const products = await trx
    .selectFrom(tables.product)
    .select(['id', 'name', 'pic', 'brand_name', 'product_sn', 'price', 'shop_id', 'product_category_id'])
    .where('delete_status', '=', ProductDeleteStatus.normal)
    .execute();
  const skus = await trx
    .selectFrom(tables.skuStock)
    .select(['id', 'product_id', 'sku_code', 'price', 'sp_data'])
    .execute();
  const skusOf = new Map<number, typeof skus>();
  for (const s of skus) skusOf.set(Number(s.product_id), [...(skusOf.get(Number(s.product_id)) ?? []), s]);
  const sellers = new Map(
    (
      await trx
        .selectFrom(`${tables.shop} as s`)
        .innerJoin(`${tables.admin} as a`, 'a.id', 's.seller_id')
        .select(['s.id as id', 'a.username as username'])
        .execute()
    ).map((x) => [Number(x.id), String(x.username)]),
  );

  return { shops, members, products, skusOf, sellers };
}

export type OrderRefs = Awaited<ReturnType<typeof loadOrderRefs>>;

/**
 * `count` generated orders (numbered from `from`, dated over the last 90 days before `now`, older ones first) of
 * the shops' own members buying their own products, with their lines: seeded random, `sn(n, created, shopId)` their
 * numbers.
 */
export function makeOrders(
  refs: OrderRefs,
  r: () => number,
  from: number,
  count: number,
  now: number,
  sn: (n: number, created: number, shopId: number) => string,
) {
  const pick: Pick = (list) => list[Math.floor(r() * list.length)];
  const { shops, members, products, skusOf } = refs;
  // Grouped once: a shop's buyers and goods are read for every order (a million products, a million orders).
  const byShop = <T extends { shop_id: unknown }>(rows: T[]) => {
    const m = new Map<number, T[]>();
    for (const row of rows) {
      const list = m.get(Number(row.shop_id));
      if (list) list.push(row);
      else m.set(Number(row.shop_id), [row]);
    }
    return (shopId: number) => m.get(shopId) ?? [];
  };
  const buyersOf = byShop(members);
  const goodsOf = byShop(products);
  const selling = shops.filter((s) => buyersOf(Number(s.id)).length && goodsOf(Number(s.id)).length);
  const orders: Row<typeof tables.order>[] = [];
  const lines: OrderLine[][] = [];
  if (!selling.length) return { orders, lines };

  const totalWeight = STATUS_WEIGHTS.reduce((a, [, w]) => a + w, 0);
  const statusOf = (ageDays: number) => {
    // Recent orders are still in progress; old ones are done.
    if (ageDays < 2 && r() < 0.6) return pick([OrderStatus.pendingPayment, OrderStatus.pendingShipment]);
    let x = r() * totalWeight;
    for (const [s, w] of STATUS_WEIGHTS) if ((x -= w) < 0) return s;
    return OrderStatus.completed;
  };

  for (let k = 0; k < count; k++) {
    const n = from + k;
    const shop = selling[n % selling.length];
    const shopId = Number(shop.id);
    const member = pick(buyersOf(shopId));
    const ageDays = 90 * (1 - k / count) * r() + (count - k) / count;
    const created = now - ageDays * DAY;
    const status = statusOf(ageDays);
    const goods = goodsOf(shopId);
    const items = Array.from({ length: 1 + Math.floor(r() * r() * 3) }, () => {
      const p = pick(goods);
      const skus = skusOf.get(Number(p.id));
      const sku = skus?.length ? pick(skus) : undefined;
      const price = Number(sku?.price ?? p.price ?? 0);
      const attrs = sku?.sp_data
        ? (JSON.parse(String(sku.sp_data)) as { key: string; value: string }[])
            .map((a) => `${a.key}: ${a.value}`)
            .join('; ')
        : '';
      return {
        product_id: p.id,
        product_pic: p.pic,
        product_name: p.name,
        product_brand: p.brand_name,
        product_sn: p.product_sn,
        product_price: price,
        product_quantity: 1 + Math.floor(r() * r() * 3),
        product_sku_id: sku?.id ?? null,
        product_sku_code: sku?.sku_code ?? null,
        product_category_id: p.product_category_id,
        product_attr: attrs,
        promotion_amount: 0,
        coupon_amount: 0,
        integration_amount: 0,
        real_amount: price,
      } satisfies OrderLine;
    });
    const total = round2(items.reduce((s, i) => s + i.product_price * i.product_quantity, 0));
    const freight = total >= 99 ? 0 : pick([0, 5, 10]);
    const promotion = r() < 0.2 ? round2(total * 0.1) : 0;
    const coupon = total > 50 && r() < 0.25 ? 5 : 0;
    const paid = status !== OrderStatus.pendingPayment && !(status === OrderStatus.closed && r() < 0.8);
    const shipped = SHIPPED.includes(status);
    const at = (h: number) => new Date(Math.min(now - 60_000, created + h * 3_600_000)).toISOString();
    const [country, province, city, region, street, post] = pick(ADDRESSES);
    const carrier = pick(CARRIERS);
    orders.push({
      shop_id: shopId,
      member_id: member.id,
      order_sn: sn(n, created, shopId),
      create_time: new Date(created).toISOString(),
      member_username: member.username,
      total_amount: total,
      pay_amount: round2(total + freight - promotion - coupon),
      freight_amount: freight,
      promotion_amount: promotion,
      integration_amount: 0,
      coupon_amount: coupon,
      discount_amount: 0,
      pay_type: paid ? pick([1, 1, 2, 2, 3, 4, 4, 5, 6, 7]) : 0,
      source_type: r() < 0.6 ? 1 : 0,
      status,
      order_type: r() < 0.1 ? 1 : 0,
      pay_status: paid ? OrderPayStatus.paid : OrderPayStatus.unpaid,
      delivery_status: shipped ? 1 : 0,
      delivery_company: shipped ? carrier : null,
      delivery_sn: shipped ? `${carrier.slice(0, 2).toUpperCase()}${String(7_000_000_000 + n * 7919)}` : null,
      auto_confirm_day: shipped ? SETTING.confirm_overtime : null,
      integration: Math.floor(total),
      growth: Math.floor(total),
      promotion_info: promotion ? '10% off this week' : null,
      use_integration: 0,
      receiver_name: member.real_name ?? member.username,
      receiver_phone: phoneOf(member),
      receiver_post_code: post,
      receiver_country: country,
      receiver_province: province,
      receiver_city: city,
      receiver_region: region,
      receiver_detail_address: street,
      note: null,
      confirm_status: status === OrderStatus.completed ? 1 : 0,
      payment_time: paid ? at(0.3) : null,
      delivery_time: shipped ? at(20) : null,
      receive_time: status === OrderStatus.completed ? at(80) : null,
      comment_time: null,
      modify_time: at(status === OrderStatus.completed ? 80 : 1),
    });
    lines.push(items);
  }
  return { orders, lines };
}

/**
 * The demo orders of every shop (its own members buying its own products and SKUs), with lines, operation history,
 * logistics, a hundred return applications, company addresses and member balances with their records. Seeded random:
 * the same data relative to `now` each time.
 */
export async function seedDemoOrders(trx: Kysely<Database>, now: number, count = DEMO_ORDERS): Promise<void> {
  const r = random(20261124);
  const pick: Pick = (list) => list[Math.floor(r() * list.length)];
  const refs = await loadOrderRefs(trx);
  const { shops, members, sellers } = refs;
  // Company addresses: each shop ships from one and receives returns at another.
  const addresses = shops.flatMap((s, i) => {
    const [, province, city, region, street] = ADDRESSES[i % ADDRESSES.length];
    return [
      {
        shop_id: s.id,
        address_name: `${s.shop_name} warehouse`,
        send_status: 1,
        receive_status: 0,
        name: 'Warehouse desk',
        phone: s.phone ?? '400-800-1234',
        province,
        city,
        region,
        detail_address: street,
      },
      {
        shop_id: s.id,
        address_name: `${s.shop_name} returns desk`,
        send_status: 0,
        receive_status: 1,
        name: 'Returns desk',
        phone: s.phone ?? '400-800-1234',
        province,
        city,
        region,
        detail_address: `Unit 2, ${street}`,
      },
    ];
  });
  await insertRows(trx, tables.companyAddress, addresses);
  const returnDesk = new Map(
    (
      await trx.selectFrom(tables.companyAddress).select(['id', 'shop_id']).where('receive_status', '=', 1).execute()
    ).map((a) => [Number(a.shop_id), Number(a.id)]),
  );

  const { orders, lines } = makeOrders(
    refs,
    r,
    0,
    count,
    now,
    (n, created, shopId) =>
      `${new Date(created).toISOString().slice(0, 10).replace(/-/g, '')}${String(100000 + n).slice(1)}${shopId}`,
  );
  if (!orders.length) return;
  await insertRows(trx, tables.order, orders);
  const ids = new Map(
    (await trx.selectFrom(tables.order).select(['id', 'order_sn']).execute()).map((o) => [
      String(o.order_sn),
      Number(o.id),
    ]),
  );

  const itemRows: Row<typeof tables.orderItem>[] = [];
  const historyRows: Row<typeof tables.orderOperateHistory>[] = [];
  const events: Row<typeof tables.orderLogistics>[] = [];
  const applies: Row<typeof tables.returnApply>[] = [];
  orders.forEach((o, k) => {
    const id = get(ids, String(o.order_sn), 'Order');
    for (const it of lines[k]) itemRows.push({ order_id: id, order_sn: o.order_sn, ...it });
    const seller = sellers.get(Number(o.shop_id)) ?? 'admin';
    const h = (t: string | null | undefined, status: number, man: string, note: HistoryNote) =>
      historyRows.push({ order_id: id, operate_man: man, create_time: t, order_status: status, ...noteColumns(note) });
    h(o.create_time, OrderStatus.pendingPayment, String(o.member_username), { code: 'submitted' });
    if (o.payment_time) h(o.payment_time, OrderStatus.pendingShipment, String(o.member_username), { code: 'paid' });
    if (o.delivery_time) {
      const params = { company: String(o.delivery_company), sn: String(o.delivery_sn) };
      h(o.delivery_time, OrderStatus.shipped, seller, { code: 'shipped', params });
      const start = Date.parse(String(o.delivery_time));
      const steps = 3 + Math.floor(r() * 4);
      for (let e = 0; e < steps; e++) {
        const t = Math.min(now - 60_000, start + e * 9 * 3_600_000);
        const last = e === steps - 1 && o.status === OrderStatus.completed;
        events.push({
          order_id: id,
          event_time: new Date(t).toISOString(),
          location: e === 0 ? 'Warehouse' : last ? o.receiver_city : pick(HUBS),
          content:
            e === 0
              ? `Parcel handed to ${o.delivery_company}, tracking number ${o.delivery_sn}`
              : last
                ? `Delivered, signed for by ${o.receiver_name}`
                : e === steps - 2
                  ? 'Out for delivery'
                  : 'In transit',
        });
      }
    }
    if (o.status === OrderStatus.completed)
      h(o.receive_time, OrderStatus.completed, String(o.member_username), { code: 'received' });
    if (o.status === OrderStatus.closed)
      h(o.modify_time, OrderStatus.closed, 'system', { code: 'closed', params: { note: pick(CLOSE_NOTES) } });
    if (o.status === OrderStatus.invalid)
      h(o.modify_time, OrderStatus.invalid, seller, { code: 'invalid', params: { note: 'suspected fraud' } });
    // About one completed order in twelve has a return application.
    if (o.status === OrderStatus.completed && applies.length < 100 && r() < 0.09) {
      const it = lines[k][0];
      const status = pick([
        ReturnApplyStatus.pending,
        ReturnApplyStatus.pending,
        ReturnApplyStatus.returning,
        ReturnApplyStatus.completed,
        ReturnApplyStatus.rejected,
      ]);
      const applied = Date.parse(String(o.receive_time)) + 86_400_000;
      const t = (d: number) => new Date(Math.min(now - 60_000, applied + d * 86_400_000)).toISOString();
      const handled = status !== ReturnApplyStatus.pending;
      const refund = round2(Number(it.real_amount) * Number(it.product_quantity));
      applies.push({
        shop_id: o.shop_id,
        order_id: id,
        company_address_id: handled && status !== ReturnApplyStatus.rejected ? returnDesk.get(Number(o.shop_id)) : null,
        product_id: it.product_id,
        order_sn: o.order_sn,
        create_time: t(0),
        member_username: o.member_username,
        return_amount: handled && status !== ReturnApplyStatus.rejected ? refund : null,
        return_name: o.receiver_name,
        return_phone: o.receiver_phone,
        status,
        handle_time: handled ? t(1) : null,
        product_pic: it.product_pic,
        product_name: it.product_name,
        product_brand: it.product_brand,
        product_attr: it.product_attr,
        product_count: it.product_quantity,
        product_price: it.product_price,
        product_real_price: it.real_amount,
        reason: pick(RETURN_REASONS),
        description: pick(RETURN_DESCRIPTIONS),
        proof_pics: it.product_pic ? `${it.product_pic}` : null,
        handle_note: handled
          ? status === ReturnApplyStatus.rejected
            ? 'Used item, cannot be returned'
            : 'Approved'
          : null,
        handle_man: handled ? (sellers.get(Number(o.shop_id)) ?? 'admin') : null,
        receive_man: status === ReturnApplyStatus.completed ? (sellers.get(Number(o.shop_id)) ?? 'admin') : null,
        receive_time: status === ReturnApplyStatus.completed ? t(4) : null,
        receive_note: status === ReturnApplyStatus.completed ? 'Received in good condition' : null,
      });
    }
  });
  await insertRows(trx, tables.orderItem, itemRows);
  await insertRows(trx, tables.orderOperateHistory, historyRows);
  await insertRows(trx, tables.orderLogistics, events);
  await insertRows(trx, tables.returnApply, applies);

  // Balances: every member recharged once; a recharge record tells how.
  const records = members.map((m, i) => {
    const amount = round2(50 + Math.floor(r() * 40) * 25);
    return {
      shop_id: m.shop_id,
      member_id: m.id,
      username: m.username,
      real_name: m.real_name,
      mobile: phoneOf(m),
      type: BalanceRecordType.recharge,
      amount,
      balance_after: amount,
      pay_channel: pick([1, 2, 3, 4, 6]),
      note: i % 3 === 0 ? 'Top-up at the counter' : 'Online top-up',
      operate_man: sellers.get(Number(m.shop_id)) ?? 'admin',
      create_time: new Date(now - (10 + r() * 60) * DAY).toISOString(),
    };
  });
  await insertRows(trx, tables.balanceRecord, records);
  for (const rec of records) {
    await trx.updateTable(tables.member).set({ balance: rec.amount }).where('id', '=', Number(rec.member_id)).execute();
  }
}
