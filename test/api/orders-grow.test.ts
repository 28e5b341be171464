import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { growOrders } from '../../src/server/domains/seed/orders-grow';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('growing the orders on %s', (dialect) => {
  let s: TestServer;
  let token: string;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('adds orders with lines and a history row, numbered after the ones there, in batches with progress', async () => {
    const before = (await s.api('GET', '/order/list', undefined, { token, query: { pageSize: 1 } })).data.total;
    const progress: number[] = [];
    const first = await growOrders(s.built.db, 700, 300, (done) => progress.push(done));
    expect(progress).toEqual([300, 600, 700]);
    await growOrders(s.built.db, 50, 50, () => undefined);
    const k = s.built.db.kysely;
    const count = async (table: typeof tables.order | typeof tables.orderItem | typeof tables.orderOperateHistory) =>
      Number(
        (
          await k
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('c'))
            .executeTakeFirstOrThrow()
        ).c,
      );
    expect(await count(tables.order)).toBe(before + 750);
    expect(first.lines).toBeGreaterThanOrEqual(700);
    const grown = await k.selectFrom(tables.order).select(['id', 'order_sn']).where('order_sn', 'like', 'G%').execute();
    expect(new Set(grown.map((o) => o.order_sn)).size).toBe(750);
    const orphans = await k
      .selectFrom(`${tables.order} as o`)
      .leftJoin(`${tables.orderItem} as i`, 'i.order_id', 'o.id')
      .select('o.id')
      .where('i.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    const history = await k
      .selectFrom(tables.orderOperateHistory)
      .select('id')
      .where(
        'order_id',
        'in',
        grown.slice(0, 10).map((o) => Number(o.id)),
      )
      .execute();
    expect(history).toHaveLength(10);
  });
});
