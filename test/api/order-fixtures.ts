/** Orders made directly in the test server's database, in the state a test needs (the API never creates orders). */
import { tables } from '../../generated/database';
import type { TestServer } from './helpers';

let seq = 0;

export interface FixtureLine {
  skuId?: number;
  productId?: number;
  quantity?: number;
  price?: number;
}

/** A pending return application of one order's line, as the storefront would file it (the API cannot). */
export async function fixtureReturn(
  s: TestServer,
  opts: { orderId: number; productId: number; count: number; price: number },
): Promise<number> {
  const k = s.built.db.kysely;
  const o = await k
    .selectFrom(tables.order)
    .select(['shop_id', 'order_sn', 'member_username'])
    .where('id', '=', opts.orderId)
    .executeTakeFirstOrThrow();
  const { id } = await k
    .insertInto(tables.returnApply)
    .values({
      shop_id: o.shop_id,
      order_id: opts.orderId,
      product_id: opts.productId,
      order_sn: o.order_sn,
      member_username: o.member_username,
      create_time: new Date().toISOString(),
      status: 0,
      product_name: 'Test product',
      product_count: opts.count,
      product_price: opts.price,
      product_real_price: opts.price,
      reason: 'Test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  s.built.db.hooks.emit(tables.returnApply);
  return Number(id);
}

export async function fixtureOrder(
  s: TestServer,
  opts: { shopId: number; memberId: number; status: number; lines?: FixtureLine[]; payAmount?: number },
): Promise<number> {
  const k = s.built.db.kysely;
  const lines = opts.lines ?? [{ quantity: 1, price: 10 }];
  const total = lines.reduce((a, l) => a + (l.price ?? 10) * (l.quantity ?? 1), 0);
  const sn = `T${Date.now()}${++seq}`;
  const member = await k
    .selectFrom(tables.member)
    .select('username')
    .where('id', '=', opts.memberId)
    .executeTakeFirst();
  const { id } = await k
    .insertInto(tables.order)
    .values({
      shop_id: opts.shopId,
      member_id: opts.memberId,
      order_sn: sn,
      create_time: new Date().toISOString(),
      member_username: member?.username ?? 'x',
      total_amount: total,
      pay_amount: opts.payAmount ?? total,
      freight_amount: 0,
      promotion_amount: 0,
      integration_amount: 0,
      coupon_amount: 0,
      discount_amount: 0,
      status: opts.status,
      pay_status: opts.status === 0 ? 0 : 1,
      receiver_name: 'Test Receiver',
      receiver_phone: '13900000000',
      receiver_detail_address: '1 Test Road',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const l of lines) {
    await k
      .insertInto(tables.orderItem)
      .values({
        order_id: Number(id),
        order_sn: sn,
        product_id: l.productId ?? null,
        product_name: 'Test product',
        product_price: l.price ?? 10,
        product_quantity: l.quantity ?? 1,
        product_sku_id: l.skuId ?? null,
        real_amount: l.price ?? 10,
      })
      .execute();
  }
  // Written beside the API: its cached list totals must forget these tables.
  for (const t of [tables.order, tables.orderItem]) s.built.db.hooks.emit(t);
  return Number(id);
}
