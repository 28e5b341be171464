import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';
import { fixtureOrder } from './order-fixtures';
import { OrderStatus } from '../../generated/enums';

describe.each(dialects)('balance and cashier on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as = (who: string) => (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: t[who], query });
  const admin = as('admin');
  let shop: number;
  let members: { id: number; shopId: number; username: string }[];
  const balance = async (id: number) => Number((await admin('GET', `/member/${id}`)).data.balance);
  /** A member of the seller's shop with exactly `amount` in its balance. */
  const withBalance = async (amount: number) => {
    const m = members.find((x) => x.shopId === shop)!;
    await s.built.db.kysely.updateTable(tables.member).set({ balance: amount }).where('id', '=', m.id).execute();
    s.built.db.hooks.emit(tables.member);
    return m;
  };
  const unpaid = (memberId: number, pay: number) =>
    fixtureOrder(s, { shopId: shop, memberId, status: OrderStatus.pendingPayment, lines: [{ price: pay }] });
  const status = async (id: number) => (await admin('GET', `/order/${id}`)).data.status;

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ])
      t[u] = await s.login(u, p);
    shop = (await as('seller')('GET', '/shop/list')).data.list[0].id;
    members = (await admin('GET', '/member/list', undefined, { pageSize: 100 })).data.list;
  });
  afterAll(async () => s?.close());

  it('seeds balances with their recharge records', async () => {
    const records = (await admin('GET', '/balance/list', undefined, { type: 0, pageSize: 100 })).data.list;
    expect(records.length).toBeGreaterThan(0);
    for (const r of records.slice(0, 3)) expect(await balance(r.memberId)).toBe(r.balanceAfter);
  });

  it('recharges a balance, recorded with the member and the new balance', async () => {
    const m = await withBalance(10);
    expect((await admin('POST', '/balance/recharge', { memberId: m.id, amount: 0 })).message).toMatch(
      /Validation Failed/,
    );
    const res = await admin('POST', '/balance/recharge', {
      memberId: m.id,
      amount: 25.5,
      payChannel: 3,
      note: 'Counter',
    });
    expect(res.code, res.message).toBe(200);
    expect(res.data).toMatchObject({ type: 0, amount: 25.5, balanceAfter: 35.5, username: m.username, payChannel: 3 });
    expect(await balance(m.id)).toBe(35.5);
  });

  it('pays orders from a balance and refuses past the balance or the orders, or a repeat', async () => {
    const m = await withBalance(100);
    const a = await unpaid(m.id, 30);
    const b = await unpaid(m.id, 40.5);
    const big = await unpaid(m.id, 120);
    const pay = (body: Record<string, unknown>) => admin('POST', '/balance/cashier', { memberId: m.id, ...body });
    expect((await pay({ orderIds: [big] })).message).toBe(Messages.exceedBalance);
    expect((await pay({ orderIds: [a, b], amount: 80 })).message).toBe(Messages.exceedOrderAmount);
    expect((await pay({ orderIds: [a, b], amount: 10 })).message).toMatch(/^Validation Failed: amount/);
    expect((await pay({ orderIds: [a, a] })).message).toBe(Messages.repeatedSubmit);
    expect((await pay({ orderIds: [] })).message).toBe(Messages.selectRecord);
    const stranger = members.find((x) => x.id !== m.id && x.shopId === shop);
    if (stranger) {
      const theirs = await unpaid(stranger.id, 5);
      expect((await pay({ orderIds: [a, theirs] })).message).toBe(Messages.ordersOfOneMember);
    }
    expect(await balance(m.id)).toBe(100);
    expect([await status(a), await status(b)]).toEqual([0, 0]);

    const res = await pay({ orderIds: `${a},${b}`, amount: 70.5, note: 'At the till', requestKey: 'till-1' });
    expect(res.code, res.message).toBe(200);
    expect(res.data).toMatchObject({
      type: 1,
      amount: -70.5,
      balanceAfter: 29.5,
      payChannel: 0,
      orderIds: `${a},${b}`,
      shopId: shop,
      username: m.username,
      operateMan: 'admin',
    });
    expect(res.data.orderSns.split(',')).toHaveLength(2);
    expect(await balance(m.id)).toBe(29.5);
    const order = (await admin('GET', `/order/${a}`)).data;
    expect(order).toMatchObject({ status: OrderStatus.pendingShipment, payStatus: 1, payType: 7 });
    expect(order.historyList[0].note).toMatch(/Paid from balance/);
    // Paid: the same orders again, or the same key, are a repeated submission.
    expect((await pay({ orderIds: [a] })).message).toBe(Messages.repeatedSubmit);
    await s.built.db.kysely.updateTable(tables.member).set({ balance: 500 }).where('id', '=', m.id).execute();
    const c = await unpaid(m.id, 1);
    expect((await pay({ orderIds: [c], requestKey: 'till-1' })).message).toBe(Messages.repeatedSubmit);
    expect(await status(c)).toBe(0);
  });

  it('never pays an order twice nor overdraws a balance under parallel requests', async () => {
    const m = await withBalance(100);
    const one = await unpaid(m.id, 10);
    const same = await Promise.all(
      Array.from({ length: 20 }, () => admin('POST', '/balance/cashier', { memberId: m.id, orderIds: [one] })),
    );
    expect(same.filter((r) => r.code === 200)).toHaveLength(1);
    expect(same.filter((r) => r.code !== 200).every((r) => r.message === Messages.repeatedSubmit)).toBe(true);
    expect(await balance(m.id)).toBe(90);

    // Twelve orders of 10 against 90: nine are paid, the rest refused, the balance never below zero.
    const many = await Promise.all(Array.from({ length: 12 }, () => unpaid(m.id, 10)));
    const answers = await Promise.all(
      many.map((id) => admin('POST', '/balance/cashier', { memberId: m.id, orderIds: [id] })),
    );
    const paid = answers.filter((r) => r.code === 200).length;
    expect(paid).toBe(9);
    expect(answers.filter((r) => r.code !== 200).every((r) => r.message === Messages.exceedBalance)).toBe(true);
    expect(await balance(m.id)).toBe(0);
    const statuses = await Promise.all(many.map(status));
    expect(statuses.filter((x) => x === OrderStatus.pendingShipment)).toHaveLength(9);
    // Same request key raced: one record.
    await s.built.db.kysely.updateTable(tables.member).set({ balance: 1000 }).where('id', '=', m.id).execute();
    const keyed = await Promise.all(Array.from({ length: 8 }, () => unpaid(m.id, 1)));
    const raced = await Promise.all(
      keyed.map((id) => admin('POST', '/balance/cashier', { memberId: m.id, orderIds: [id], requestKey: 'race-1' })),
    );
    expect(raced.filter((r) => r.code === 200)).toHaveLength(1);
    expect(raced.filter((r) => r.code !== 200).every((r) => r.message === Messages.repeatedSubmit)).toBe(true);
    expect(await balance(m.id)).toBe(999);
  });

  it("keeps a seller to its own shops' members and records", async () => {
    const m = members.find((x) => x.shopId === shop)!;
    const seller2 = as('seller2');
    expect((await seller2('POST', '/balance/recharge', { memberId: m.id, amount: 5 })).message).toMatch(
      /Validation Failed: memberId/,
    );
    const o = await unpaid(m.id, 1);
    expect((await seller2('POST', '/balance/cashier', { memberId: m.id, orderIds: [o] })).message).toMatch(
      /Validation Failed: memberId/,
    );
    const records = (await seller2('GET', '/balance/list', undefined, { pageSize: 1000 })).data.list;
    expect(records.every((r: { shopId: number }) => r.shopId !== shop)).toBe(true);
  });
});
