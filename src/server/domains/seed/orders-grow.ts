import { tables } from '../../../../generated/database.js';
import { insertRows } from './rows.js';
import type { Db } from '../../core/db.js';
import { writeTx } from '../../core/crud.js';
import { random } from './catalog-generate.js';
import { loadOrderRefs, makeOrders } from './orders.js';
import { OrderStatus } from '../../../../generated/enums.js';
import { noteColumns } from '../order/orders.js';
import { get } from '../../core/lookup.js';

/**
 * Adds `count` generated orders (each with its lines and a "submitted" history row) for the benchmarks, `batch` per
 * transaction, numbered after the orders already there. Same generator as the demo orders; works on both databases.
 */
export async function growOrders(
  db: Db,
  count: number,
  batch: number,
  onProgress: (done: number) => void,
): Promise<{ orders: number; lines: number }> {
  const refs = await loadOrderRefs(db.kysely);
  const first = Number(
    (
      await db.kysely
        .selectFrom(tables.order)
        .select((eb) => eb.fn.max('id').as('m'))
        .executeTakeFirst()
    )?.m ?? 0,
  );
  const now = Date.now();
  let lines = 0;
  for (let done = 0; done < count;) {
    const n = Math.min(batch, count - done);
    const r = random(first + done + 1);
    const made = makeOrders(refs, r, first + done, n, now, (k) => `G${String(k + 1).padStart(11, '0')}`);
    if (!made.orders.length) throw new Error('No shop has both members and products to make orders of.');
    await writeTx(db, [tables.order, tables.orderItem, tables.orderOperateHistory], async (trx) => {
      await insertRows(trx, tables.order, made.orders);
      const sns = made.orders.map((o) => String(o.order_sn));
      const ids = new Map<string, number>();
      for (let i = 0; i < sns.length; i += 10_000) {
        const rows = await trx
          .selectFrom(tables.order)
          .select(['id', 'order_sn'])
          .where('order_sn', 'in', sns.slice(i, i + 10_000))
          .execute();
        for (const o of rows) ids.set(String(o.order_sn), Number(o.id));
      }
      const items = made.orders.flatMap((o, k) =>
        made.lines[k].map((l) => ({ order_id: get(ids, String(o.order_sn), 'Order'), order_sn: o.order_sn, ...l })),
      );
      await insertRows(trx, tables.orderItem, items);
      await insertRows(
        trx,
        tables.orderOperateHistory,
        made.orders.map((o) => ({
          order_id: get(ids, String(o.order_sn), 'Order'),
          operate_man: o.member_username,
          create_time: o.create_time,
          order_status: OrderStatus.pendingPayment,
          ...noteColumns({ code: 'submitted' }),
        })),
      );
      lines += items.length;
    });
    done += n;
    onProgress(done);
  }
  return { orders: count, lines };
}
