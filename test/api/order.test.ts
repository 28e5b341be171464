import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../generated/database';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';
import { fixtureOrder } from './order-fixtures';
import { OrderStatus } from '../../generated/enums';

describe.each(dialects)('orders on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as =
    (who: string) =>
    (method: string, path: string, body?: unknown, query?: Record<string, string | number | (string | number)[]>) =>
      s.api(method, path, body, { token: t[who], query });
  const admin = (m: string, p: string, b?: unknown, q?: Record<string, string | number | (string | number)[]>) =>
    as('admin')(m, p, b, q);
  let sellerShop: number;
  let otherShop: number;
  let member: number;
  let otherMember: number;
  const order = async (id: number) => (await admin('GET', `/order/${id}`)).data;
  const make = (status: number, extra: Partial<Parameters<typeof fixtureOrder>[1]> = {}) =>
    fixtureOrder(s, { shopId: sellerShop, memberId: member, status, ...extra });

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ])
      t[u] = await s.login(u, p);
    sellerShop = (await as('seller')('GET', '/shop/list')).data.list[0].id;
    otherShop = (await as('seller2')('GET', '/shop/list')).data.list[0].id;
    const members = (await admin('GET', '/member/list', undefined, { pageSize: 100 })).data.list;
    member = members.find((m: { shopId: number }) => m.shopId === sellerShop).id;
    otherMember = members.find((m: { shopId: number }) => m.shopId === otherShop).id;
  });
  afterAll(async () => s?.close());

  it('seeds orders in every status, with lines, history and logistics, and the settings row', async () => {
    const counts = (await admin('GET', '/order/countBy/status')).data;
    for (const status of Object.values(OrderStatus))
      expect(counts[String(status)], `status ${status}`).toBeGreaterThan(0);
    const total = (await admin('GET', '/order/list', undefined, { pageSize: 1 })).data.total;
    expect(Object.values(counts).reduce((a: number, b) => a + Number(b), 0)).toBe(total);
    const done = (await admin('GET', '/order/list', undefined, { status: 3, pageSize: 1 })).data.list[0];
    const detail = await order(done.id);
    // Upstream's OmsOrderDetail shape, plus ours.
    expect(detail.orderItemList.length).toBeGreaterThan(0);
    expect(detail.historyList.map((h: { orderStatus: number }) => h.orderStatus)).toEqual([3, 2, 1, 0]);
    expect(detail.logisticsList.length).toBeGreaterThanOrEqual(3);
    expect(detail.messageList).toEqual([]);
    const sum = detail.orderItemList.reduce(
      (a: number, i: { productPrice: number; productQuantity: number }) => a + i.productPrice * i.productQuantity,
      0,
    );
    expect(detail.totalAmount).toBeCloseTo(sum, 2);
    expect((await admin('GET', '/orderSetting/1')).data).toMatchObject({ confirmOvertime: 15, flashOrderOvertime: 60 });
    const returns = (await admin('GET', '/returnApply/countBy/status')).data;
    for (const st of ['0', '1', '2', '3']) expect(returns[st]).toBeGreaterThan(0);
    expect((await admin('GET', '/returnReason/list')).data.total).toBe(7);
  });

  it('filters by receiver keyword, order sn, status and one creation day as upstream sends them', async () => {
    const o = (await admin('GET', '/order/list', undefined, { pageSize: 1 })).data.list[0];
    const bySn = (await admin('GET', '/order/list', undefined, { orderSn: o.orderSn })).data;
    expect(bySn.list.map((x: { id: number }) => x.id)).toEqual([o.id]);
    const byName = (await admin('GET', '/order/list', undefined, { receiverKeyword: o.receiverName, pageSize: 100 }))
      .data.list;
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((x: { receiverName: string }) => x.receiverName === o.receiverName)).toBe(true);
    const day = String(o.createTime).slice(0, 10);
    const onDay = (await admin('GET', '/order/list', undefined, { createTime: day, pageSize: 1000 })).data.list;
    expect(onDay.map((x: { id: number }) => x.id)).toContain(o.id);
    expect(onDay.every((x: { createTime: string }) => x.createTime.slice(0, 10) === day)).toBe(true);
    const pending = (await admin('GET', '/order/countBy/status', undefined, { receiverKeyword: o.receiverName })).data;
    const named = (await admin('GET', '/order/list', undefined, { receiverKeyword: o.receiverName, pageSize: 1 })).data;
    expect(Object.values(pending).reduce((a: number, b) => a + Number(b), 0)).toBe(named.total);
  });

  it('closes unpaid orders with a note, returning limited SKU stock and keeping unlimited stock', async () => {
    const skus = await s.built.db.kysely
      .selectFrom(tables.skuStock)
      .select(['id', 'product_id', 'stock'])
      .where('shop_id', '=', sellerShop)
      .limit(2)
      .execute();
    const [limited, unlimited] = skus;
    await s.built.db.kysely.updateTable(tables.skuStock).set({ stock: 5 }).where('id', '=', limited.id).execute();
    await s.built.db.kysely.updateTable(tables.skuStock).set({ stock: -1 }).where('id', '=', unlimited.id).execute();
    const id = await make(OrderStatus.pendingPayment, {
      lines: [
        { skuId: Number(limited.id), productId: Number(limited.product_id), quantity: 3 },
        { skuId: Number(unlimited.id), productId: Number(unlimited.product_id), quantity: 2 },
      ],
    });
    expect((await admin('POST', '/order/update/close', undefined, { note: 'x' })).message).toBe(Messages.selectRecord);
    expect((await admin('POST', '/order/update/close', undefined, { ids: id, note: '  ' })).message).toBe(
      Messages.operationNoteEmpty,
    );
    expect((await order(id)).status).toBe(OrderStatus.pendingPayment);
    const res = await admin('POST', '/order/update/close', undefined, { ids: id, note: 'Customer cancelled' });
    expect(res.code, res.message).toBe(200);
    const closed = await order(id);
    expect(closed.status).toBe(OrderStatus.closed);
    expect(closed.historyList[0]).toMatchObject({ orderStatus: 4, operateMan: 'admin' });
    expect(closed.historyList[0].note).toMatch(/Customer cancelled/);
    const stock = async (sku: unknown) =>
      Number(
        (
          await s.built.db.kysely
            .selectFrom(tables.skuStock)
            .select('stock')
            .where('id', '=', Number(sku))
            .executeTakeFirstOrThrow()
        ).stock,
      );
    expect(await stock(limited.id)).toBe(8);
    expect(await stock(unlimited.id)).toBe(-1);
    // Closing again: refused, nothing returned twice.
    expect((await admin('POST', '/order/update/close', undefined, { ids: id, note: 'again' })).message).toBe(
      Messages.orderNotClosable,
    );
    expect(await stock(limited.id)).toBe(8);
    // Eight closes of one order at once: one wins, the stock comes back once.
    const twin = await make(OrderStatus.pendingPayment, {
      lines: [{ skuId: Number(limited.id), productId: Number(limited.product_id), quantity: 2 }],
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => admin('POST', '/order/update/close', undefined, { ids: twin, note: 'race' })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(await stock(limited.id)).toBe(10);
  });

  it('refuses a whole batch when one order is not in a status the action allows', async () => {
    const a = await make(OrderStatus.pendingPayment);
    const b = await make(OrderStatus.shipped);
    const res = await admin('POST', '/order/update/close', undefined, { ids: `${a},${b}`, note: 'batch' });
    expect(res.message).toBe(Messages.orderNotClosable);
    expect((await order(a)).status).toBe(OrderStatus.pendingPayment);
    expect((await order(a)).historyList).toEqual([]);
    const ship = await admin('POST', '/order/update/delivery', [
      { orderId: a, deliveryCompany: 'DHL', deliverySn: '1' },
      { orderId: await make(OrderStatus.pendingShipment), deliveryCompany: 'DHL', deliverySn: '2' },
    ]);
    expect(ship.message).toBe(Messages.noShippable);
    const del = await admin('POST', '/order/delete', undefined, { ids: `${a}` });
    expect(del.message).toBe(Messages.orderNotDeletable);
  });

  it('ships orders pending shipment with a carrier and number, with a tracking event and history', async () => {
    const a = await make(OrderStatus.pendingShipment);
    const b = await make(OrderStatus.pendingShipment);
    const bad = await admin('POST', '/order/update/delivery', [
      { orderId: a, deliveryCompany: 'SF Express', deliverySn: '' },
      { orderId: b, deliveryCompany: 'x'.repeat(65), deliverySn: 'SF2' },
    ]);
    expect(bad.message).toMatch(/^Validation Failed/);
    expect(Object.keys(bad.data.errors).sort()).toEqual(['[0].deliverySn', '[1].deliveryCompany']);
    // Every line's every refusal in one answer: its id, a field too long and one missing alike.
    const worse = await admin('POST', '/order/update/delivery', [
      { deliveryCompany: 'SF Express', deliverySn: 'SF1' },
      { orderId: b, deliveryCompany: 'x'.repeat(65) },
    ]);
    expect(worse.data.errors).toEqual({
      '[0].orderId': 'must be a positive integer',
      '[1].deliveryCompany': expect.stringMatching(/64/),
      '[1].deliverySn': 'is required',
    });
    expect((await admin('POST', '/order/update/delivery', [])).message).toBe(Messages.selectRecord);
    expect((await order(a)).status).toBe(OrderStatus.pendingShipment);
    const res = await admin('POST', '/order/update/delivery', [
      { orderId: a, deliveryCompany: 'SF Express', deliverySn: 'SF1' },
      { orderId: b, deliveryCompany: 'DHL', deliverySn: 'DH2' },
    ]);
    expect(res).toMatchObject({ code: 200, data: 2 });
    const shipped = await order(a);
    expect(shipped).toMatchObject({
      status: OrderStatus.shipped,
      deliveryStatus: 1,
      deliveryCompany: 'SF Express',
      deliverySn: 'SF1',
      autoConfirmDay: 15,
    });
    expect(shipped.deliveryTime).toBeTruthy();
    expect(shipped.logisticsList[0].content).toMatch(/SF1/);
    expect(shipped.historyList[0]).toMatchObject({ orderStatus: OrderStatus.shipped });
    // Shipped: the receiver and fees are settled, shipping again is refused.
    expect(
      (await admin('POST', '/order/update/delivery', [{ orderId: a, deliveryCompany: 'D', deliverySn: '3' }])).message,
    ).toBe(Messages.noShippable);
    expect(
      (
        await admin('POST', '/order/update/receiverInfo', {
          orderId: a,
          receiverName: 'New',
          receiverPhone: '1',
          receiverDetailAddress: 'x',
        })
      ).message,
    ).toBe(Messages.receiverLocked);
  });

  it('changes the receiver before shipment and the fees before payment, recomputing the payable', async () => {
    const a = await make(OrderStatus.pendingPayment, { lines: [{ price: 40, quantity: 1 }] });
    const long = await admin('POST', '/order/update/receiverInfo', { orderId: a, receiverName: 'x'.repeat(101) });
    expect(long.message).toMatch(/^Validation Failed: receiverName/);
    const ok = await admin('POST', '/order/update/receiverInfo', {
      orderId: a,
      receiverName: 'Zhang San',
      receiverPhone: '13711112222',
      receiverCountry: 'CN',
      receiverCity: 'Guangzhou',
      receiverDetailAddress: '8 Tianhe Road',
      status: 3, // a client's status is not the server's
    });
    expect(ok.code, ok.message).toBe(200);
    const changed = await order(a);
    expect(changed).toMatchObject({ receiverName: 'Zhang San', receiverCity: 'Guangzhou', status: 0 });
    expect(changed.historyList[0].note).toMatch(/Receiver/);
    const fees = await admin('POST', '/order/update/moneyInfo', { orderId: a, freightAmount: 8, discountAmount: 3 });
    expect(fees.code, fees.message).toBe(200);
    expect(await order(a)).toMatchObject({ freightAmount: 8, discountAmount: 3, payAmount: 45 });
    expect((await admin('POST', '/order/update/moneyInfo', { orderId: a, discountAmount: 100 })).message).toBe(
      Messages.payableNegative,
    );
    expect((await order(a)).payAmount).toBe(45);
    const paid = await make(OrderStatus.pendingShipment);
    expect((await admin('POST', '/order/update/moneyInfo', { orderId: paid, freightAmount: 1 })).message).toBe(
      Messages.feesLocked,
    );
  });

  it('marks an order with a note and sends a station message, both in its history', async () => {
    const a = await make(OrderStatus.completed);
    expect((await admin('POST', '/order/update/note', undefined, { id: a, note: '', status: 3 })).message).toBe(
      Messages.operationNoteEmpty,
    );
    expect(
      (await admin('POST', '/order/update/note', undefined, { id: a, note: 'VIP customer', status: 3 })).code,
    ).toBe(200);
    expect((await order(a)).note).toBe('VIP customer');
    expect((await admin('POST', '/order/message', { orderId: a, title: 'x', content: 'Hello' })).message).toMatch(
      /^Validation Failed: title/,
    );
    const sent = await admin('POST', '/order/message', {
      orderId: a,
      title: 'Your parcel',
      content: 'It is on its way.',
    });
    expect(sent.code, sent.message).toBe(200);
    const detail = await order(a);
    expect(detail.messageList[0]).toMatchObject({ title: 'Your parcel', memberId: member, operateMan: 'admin' });
    expect(detail.historyList.map((h: { note: string }) => h.note)).toEqual([
      'Station message sent: Your parcel',
      'VIP customer',
    ]);
  });

  it('deletes closed or invalid orders with their lines and history', async () => {
    const a = await make(OrderStatus.closed);
    const b = await make(OrderStatus.invalid);
    expect((await admin('POST', '/order/delete', undefined, { ids: `${a},${b}` })).data).toBe(2);
    expect((await admin('GET', `/order/${a}`)).message).toBe(Messages.notFound);
    const lines = await s.built.db.kysely
      .selectFrom(tables.orderItem)
      .select('id')
      .where('order_id', 'in', [a, b])
      .execute();
    expect(lines).toEqual([]);
  });

  it("keeps a seller to its own shops' orders", async () => {
    const mine = await make(OrderStatus.pendingPayment);
    const theirs = await fixtureOrder(s, {
      shopId: otherShop,
      memberId: otherMember,
      status: OrderStatus.pendingPayment,
    });
    const seller2 = as('seller2');
    expect((await seller2('GET', `/order/${mine}`)).message).toBe(Messages.notFound);
    expect((await seller2('GET', `/order/${theirs}`)).code).toBe(200);
    const list = (await seller2('GET', '/order/list', undefined, { pageSize: 1000 })).data.list;
    expect(list.every((o: { shopId: number }) => o.shopId === otherShop)).toBe(true);
    const counts = (await seller2('GET', '/order/countBy/status')).data;
    expect(Object.values(counts).reduce((a: number, b) => a + Number(b), 0)).toBe(
      (await seller2('GET', '/order/list', undefined, { pageSize: 1 })).data.total,
    );
    for (const [m, p, b, q] of [
      ['POST', '/order/update/close', undefined, { ids: mine, note: 'no' }],
      ['POST', '/order/update/note', undefined, { id: mine, note: 'no' }],
      ['POST', '/order/update/moneyInfo', { orderId: mine, freightAmount: 1 }, undefined],
      ['POST', '/order/message', { orderId: mine, title: 'Hi there', content: 'x' }, undefined],
    ] as const) {
      expect((await seller2(m, p, b, q as never)).message, p).toBe(Messages.notFound);
    }
    expect((await order(mine)).historyList).toEqual([]);
    expect((await as('seller')('POST', '/order/update/close', undefined, { ids: mine, note: 'ok' })).code).toBe(200);
  });

  it('lets sellers read the order settings and only the platform change them, within the schema', async () => {
    expect((await as('seller')('GET', '/orderSetting/1')).code).toBe(200);
    expect((await as('seller')('POST', '/orderSetting/update/1', { confirmOvertime: 9 })).code).toBe(403);
    expect((await admin('POST', '/orderSetting/update/1', { confirmOvertime: 0 })).message).toMatch(
      /^Validation Failed: confirmOvertime/,
    );
    expect((await admin('POST', '/orderSetting/update/1', { confirmOvertime: 9 })).data.confirmOvertime).toBe(9);
    expect((await as('seller')('POST', '/returnReason/update/status', undefined, { ids: 1, status: 0 })).code).toBe(
      403,
    );
  });
});
