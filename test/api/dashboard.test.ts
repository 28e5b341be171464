import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

/** The dashboard's one call: its figures equal what the lists count, per shop and per caller. */
describe.each(dialects)('dashboard on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as = (who: string) => (path: string, query?: Record<string, string | number>) =>
    s.api('GET', path, undefined, { token: t[who], query });
  const total = async (who: string, path: string, query: Record<string, string | number>) =>
    (await as(who)(path, { ...query, pageSize: 1 })).data.total as number;

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ])
      t[u] = await s.login(u, p);
  });
  afterAll(async () => s?.close());

  it('counts what the lists count, for all shops, one shop and a seller’s own', async () => {
    const theirs = (await as('seller2')('/shop/list')).data.list[0].id as number;
    for (const [who, query] of [
      ['admin', {}],
      ['admin', { shopId: theirs }],
      ['seller', {}],
      ['seller2', {}],
    ] as const) {
      const d = (await as(who)('/dashboard/summary', { days: 30, ...query })).data;
      expect(d.pendingShipments).toBe(await total(who, '/order/list', { ...query, status: 1 }));
      expect(d.pendingReturns).toBe(await total(who, '/returnApply/list', { ...query, status: 0 }));
      expect(d.productsOn).toBe(await total(who, '/product/list', { ...query, publishStatus: 1 }));
      expect(d.productsOff).toBe(await total(who, '/product/list', { ...query, publishStatus: 0 }));
      expect(d.days).toHaveLength(30);
      // The last 30 days hold this month's orders up to today (the month may be longer than the chart).
      const charted = d.days.reduce((n: number, x: { orders: number }) => n + x.orders, 0);
      expect(charted).toBeGreaterThanOrEqual(d.today.orders);
      expect(d.days.at(-1).orders).toBe(d.today.orders);
      expect(d.month.orders).toBeGreaterThanOrEqual(d.today.orders);
    }
    const all = (await as('admin')('/dashboard/summary')).data;
    const one = (await as('admin')('/dashboard/summary', { shopId: theirs })).data;
    const mine = (await as('seller')('/dashboard/summary')).data;
    expect(one.pendingShipments + mine.pendingShipments).toBe(all.pendingShipments);
  });

  it('refuses another seller’s shop, a bad offset and too many days', async () => {
    const theirs = (await as('seller2')('/shop/list')).data.list[0].id;
    expect((await as('seller')('/dashboard/summary', { shopId: theirs })).message).toBe(
      'Validation Failed: shopId: is not one of your shops',
    );
    expect((await as('admin')('/dashboard/summary', { offset: 10_000 })).code).toBe(404);
    expect((await as('admin')('/dashboard/summary', { days: 1000 })).code).toBe(404);
  });
});
