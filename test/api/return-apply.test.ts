import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';
import { fixtureOrder, fixtureReturn } from './order-fixtures';
import { OrderStatus, ReturnApplyStatus } from '../../generated/enums';

describe.each(dialects)('return applications on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as = (who: string) => (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: t[who], query });
  const admin = as('admin');
  const apply = async (id: number) => (await admin('GET', `/returnApply/${id}`)).data;
  /** A pending application of the seller's first shop, made pending again if the seed left it otherwise. */
  const pending = async (shopId: number) => {
    const a = (await admin('GET', '/returnApply/list', undefined, { shopId, status: 0, pageSize: 1 })).data.list[0];
    return a as { id: number; orderId: number; productRealPrice: number; productCount: number; shopId: number };
  };
  let sellerShop: number;
  let otherShop: number;
  let desk: number;
  let buyer: number;
  /** A completed order of the seller's shop (lines listed at `price` each) that paid `pay`. */
  const paidOrder = (lines: { price: number; quantity?: number; productId: number }[], pay: number) =>
    fixtureOrder(s, { shopId: sellerShop, memberId: buyer, status: OrderStatus.completed, lines, payAmount: pay });
  const confirm = (id: number, returnAmount: number) =>
    admin('POST', `/returnApply/update/status/${id}`, { status: 1, returnAmount, companyAddressId: desk });

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ])
      t[u] = await s.login(u, p);
    otherShop = (await as('seller2')('GET', '/shop/list')).data.list[0].id;
    // The seller's shop that has pending applications.
    const counts = (await as('seller')('GET', '/returnApply/list', undefined, { status: 0, pageSize: 100 })).data.list;
    sellerShop = counts[0].shopId;
    const addresses = (await as('seller')('GET', '/companyAddress/list')).data;
    desk = addresses.find(
      (a: { shopId: number; receiveStatus: number }) => a.shopId === sellerShop && a.receiveStatus,
    ).id;
    const members = (await admin('GET', '/member/list', undefined, { pageSize: 100 })).data.list;
    buyer = members.find((m: { shopId: number }) => m.shopId === sellerShop).id;
  });
  afterAll(async () => s?.close());

  it('answers upstream shapes: the detail with its receiving point, the address list as a plain list', async () => {
    const done = (await admin('GET', '/returnApply/list', undefined, { status: 2, pageSize: 1 })).data.list[0];
    const detail = await apply(done.id);
    expect(detail.companyAddress).toMatchObject({ id: detail.companyAddressId });
    expect(Array.isArray((await admin('GET', '/companyAddress/list')).data)).toBe(true);
    expect((await admin('GET', '/companyAddress/list', undefined, { pageNum: 1, pageSize: 2 })).data.list).toHaveLength(
      2,
    );
  });

  it('confirms a pending return with a refund and a receiving point of its shop, then receives it', async () => {
    // Two at 30 listed and paid: 60 is the most the return refunds.
    const orderId = await paidOrder([{ price: 30, quantity: 2, productId: 1 }], 60);
    const a = { id: await fixtureReturn(s, { orderId, productId: 1, count: 2, price: 30 }), orderId };
    const refund = 60;
    const step = (body: Record<string, unknown>) => admin('POST', `/returnApply/update/status/${a.id}`, body);
    expect((await step({ status: 1, companyAddressId: desk })).message).toMatch(/^Validation Failed: returnAmount/);
    // What the step requires (its schema's `required`), all named at once.
    expect(Object.keys((await step({ status: 1 })).data.errors).sort()).toEqual(['companyAddressId', 'returnAmount']);
    expect((await step({ status: 1, returnAmount: refund + 0.01, companyAddressId: desk })).message).toBe(
      Messages.refundTooHigh,
    );
    expect((await step({ status: 1, returnAmount: refund })).message).toMatch(/^Validation Failed: companyAddressId/);
    const foreign = (await as('seller2')('GET', '/companyAddress/list')).data[0].id;
    expect((await step({ status: 1, returnAmount: refund, companyAddressId: foreign })).message).toMatch(
      /^Validation Failed: companyAddressId/,
    );
    // Receiving before it was confirmed is refused.
    expect((await step({ status: 2 })).message).toBe(Messages.returnNotReturning);
    expect((await apply(a.id)).status).toBe(ReturnApplyStatus.pending);

    const ok = await step({
      status: 1,
      returnAmount: refund,
      companyAddressId: desk,
      handleNote: 'OK',
      handleMan: 'x',
    });
    expect(ok.code, ok.message).toBe(200);
    expect(await apply(a.id)).toMatchObject({ status: 1, returnAmount: refund, handleMan: 'admin', handleNote: 'OK' });
    expect((await step({ status: 3, handleNote: 'late' })).message).toBe(Messages.returnNotPending);
    // A step sets its own fields only: receiving the goods cannot change the refund decided before.
    expect(
      (await step({ status: 2, receiveNote: 'Intact', returnAmount: refund + 100, handleNote: 'Changed' })).code,
    ).toBe(200);
    expect(await apply(a.id)).toMatchObject({
      status: 2,
      receiveMan: 'admin',
      receiveNote: 'Intact',
      returnAmount: refund,
      handleNote: 'OK',
    });
    const order = (await admin('GET', `/order/${a.orderId}`)).data;
    expect(order.payStatus).toBe(2);
    expect(order.historyList[0].note).toMatch(new RegExp(`Return #${a.id} completed`));
  });

  it('caps a refund at what the order paid for the items, after its promotions, coupons and points', async () => {
    // Listed at 821.98, paid 739.78 after an order-wide promotion.
    const single = await paidOrder([{ price: 821.98, productId: 1 }], 739.78);
    const all = await fixtureReturn(s, { orderId: single, productId: 1, count: 1, price: 821.98 });
    // The detail names the most a confirmation takes, for the form to propose.
    expect((await apply(all)).refundable).toBe(739.78);
    expect((await confirm(all, 821.98)).message).toBe(Messages.refundTooHigh);
    expect((await confirm(all, 739.79)).message).toBe(Messages.refundTooHigh);
    expect((await confirm(all, 739.78)).code).toBe(200);

    // Two lines, 60 + 2 × 40 listed, 126 paid: each line paid 90 %, and one line is never refunded twice over.
    const two = await paidOrder(
      [
        { price: 60, productId: 1 },
        { price: 40, quantity: 2, productId: 2 },
      ],
      126,
    );
    const one = await fixtureReturn(s, { orderId: two, productId: 2, count: 1, price: 40 });
    expect((await apply(one)).refundable).toBe(36);
    expect((await confirm(one, 36.01)).message).toBe(Messages.refundTooHigh);
    expect((await confirm(one, 36)).code).toBe(200);
    const again = await fixtureReturn(s, { orderId: two, productId: 2, count: 2, price: 40 });
    expect((await confirm(again, 36.01)).message).toBe(Messages.refundTooHigh);
    expect((await confirm(again, 36)).code).toBe(200);
    const other = await fixtureReturn(s, { orderId: two, productId: 1, count: 1, price: 60 });
    expect((await confirm(other, 54.01)).message).toBe(Messages.refundTooHigh);
    expect((await confirm(other, 54)).code).toBe(200);
    // A product the order does not hold: within what is left of the payable (nothing).
    const stray = await fixtureReturn(s, { orderId: two, productId: 3, count: 1, price: 5 });
    expect((await confirm(stray, 0.01)).message).toBe(Messages.refundTooHigh);
    expect((await apply(stray)).status).toBe(ReturnApplyStatus.pending);
  });

  it('rejects only with a note; deletes only handled applications', async () => {
    const a = await pending(sellerShop);
    const step = (body: Record<string, unknown>) => admin('POST', `/returnApply/update/status/${a.id}`, body);
    expect((await step({ status: 3 })).message).toBe(Messages.operationNoteEmpty);
    expect((await step({ status: 7 })).message).toMatch(/^Validation Failed: status/);
    expect((await admin('POST', '/returnApply/delete', undefined, { ids: a.id })).message).toBe(
      Messages.returnNotDeletable,
    );
    expect((await step({ status: 3, handleNote: 'Worn item' })).code).toBe(200);
    expect((await apply(a.id)).status).toBe(ReturnApplyStatus.rejected);
    expect((await admin('POST', '/returnApply/delete', undefined, { ids: a.id })).data).toBe(1);
    const gone = await s.built.db.kysely.selectFrom(tables.returnApply).select('id').where('id', '=', a.id).execute();
    expect(gone).toEqual([]);
  });

  it("keeps a seller to its own shops' applications", async () => {
    const a = await pending(sellerShop);
    const seller2 = as('seller2');
    expect((await seller2('GET', `/returnApply/${a.id}`)).message).toBe(Messages.notFound);
    expect((await seller2('POST', `/returnApply/update/status/${a.id}`, { status: 3, handleNote: 'no' })).message).toBe(
      Messages.notFound,
    );
    expect((await apply(a.id)).status).toBe(ReturnApplyStatus.pending);
    const list = (await seller2('GET', '/returnApply/list', undefined, { pageSize: 1000 })).data.list;
    expect(list.every((x: { shopId: number }) => x.shopId === otherShop)).toBe(true);
    const addresses = (await seller2('GET', '/companyAddress/list')).data;
    expect(addresses.every((x: { shopId: number }) => x.shopId === otherShop)).toBe(true);
  });
});
