import type { Kysely } from 'kysely';
import { tables, type Database } from '../../../../generated/database.js';
import { forUpdate, type Dialect, type Row } from '../../core/db.js';
import { cents } from '../../../shared/money.js';
import { ReturnApplyStatus } from '../../../../generated/enums.js';

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** a × b / c in whole cents, rounded down (exact where floating point would not be). */
const mulDiv = (a: number, b: number, c: number) => Number((BigInt(a) * BigInt(b)) / BigInt(c));

/**
 * The most a return application may still refund, in cents: what the order really paid for the returned units, less
 * what its other confirmed returns of the same product refund, and never more than the order's payable less all its
 * confirmed refunds. A line paid its real amount (per unit, after the line's promotion, coupon and points) times its
 * quantity; reductions the order took as a whole (its own promotion, coupon, points or discount, not spread onto the
 * lines) lower every line in proportion: the lines together paid at most the payable without freight.
 *
 * Unless `lock` is false (a read showing the figure), the order row is locked for the rest of the transaction, so returns of one order confirmed at once take turns and
 * each sees the refunds the others committed.
 */
export async function refundable(trx: Kysely<Database>, dialect: Dialect, apply: Row, lock = true): Promise<number> {
  const orderId = Number(apply.orderId);
  const read = trx.selectFrom(tables.order).select(['pay_amount', 'freight_amount']).where('id', '=', orderId);
  const order = await (lock ? forUpdate(dialect, read) : read).executeTakeFirst();
  if (!order) return 0;
  const lines = await trx
    .selectFrom(tables.orderItem)
    .select(['product_id', 'product_quantity', 'real_amount'])
    .where('order_id', '=', orderId)
    .execute();
  const others = await trx
    .selectFrom(tables.returnApply)
    .select(['product_id', 'return_amount'])
    .where('order_id', '=', orderId)
    .where('id', '<>', Number(apply.id))
    .where('status', 'in', [ReturnApplyStatus.returning, ReturnApplyStatus.completed])
    .execute();
  const paidOf = (l: (typeof lines)[number]) => cents(l.real_amount) * Number(l.product_quantity ?? 1);
  const linesPaid = sum(lines.map(paidOf));
  const goodsPaid = Math.max(0, cents(order.pay_amount) - cents(order.freight_amount));
  const scaled = (c: number) => (linesPaid > goodsPaid ? mulDiv(c, goodsPaid, linesPaid) : c);
  const same = (r: { product_id: unknown }) => Number(r.product_id) === Number(apply.productId);
  const count = Number(apply.productCount ?? 1);
  const mine = lines.filter(same);
  const units = sum(mine.map((l) => Number(l.product_quantity ?? 1)));
  let forItems: number;
  if (units > 0) {
    const paid = scaled(sum(mine.map(paidOf)));
    const refunded = sum(others.filter(same).map((r) => cents(r.return_amount)));
    forItems = Math.min(mulDiv(paid, Math.min(count, units), units), paid - refunded);
  } else {
    // No line of the order names the product: the application's own real price, within the order's payable.
    forItems = cents(apply.productRealPrice) * count;
  }
  const orderLeft = cents(order.pay_amount) - sum(others.map((r) => cents(r.return_amount)));
  return Math.max(0, Math.min(forItems, orderLeft));
}
