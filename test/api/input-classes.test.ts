/**
 * Classes of bad input on the routes where they did harm: numbers that are not finite or past a money column's
 * bounds, impossible dates in list filters, text made only of invisible characters, bodies nested past any sane depth.
 * Each is refused with the validation envelope, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';
import { OrderStatus } from '../../generated/enums';

/** `[[[…]]]` nested `depth` deep, written as JSON text (JSON.stringify of such a value would overflow first). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe.each(dialects)('input classes on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const admin = (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token, query });
  const post = async (path: string, text: string) =>
    (
      await fetch(`${s.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: text,
      })
    ).json();

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('refuses non-finite, hexadecimal and blank numbers on balance recharge, order fees and refunds', async () => {
    const member = (await admin('GET', '/member/list', undefined, { pageSize: 1 })).data.list[0];
    const balance = async () => (await admin('GET', `/member/${member.id}`)).data.balance;
    const before = await balance();
    for (const amount of ['Infinity', '-Infinity', '1e400', 'NaN', '0x10', '0b1', '0o7', ' ', '1e308']) {
      const env = await admin('POST', '/balance/recharge', { memberId: member.id, amount });
      expect(env.message, amount).toMatch(/^Validation Failed: amount: /);
    }
    expect(await balance()).toBe(before);
    // 1e400 as a JSON number parses to Infinity.
    expect((await post('/balance/recharge', `{"memberId":${member.id},"amount":1e400}`)).message).toMatch(
      /^Validation Failed: amount: /,
    );
    expect(await balance()).toBe(before);

    const o = (await admin('GET', '/order/list', undefined, { status: OrderStatus.pendingPayment, pageSize: 1 })).data
      .list[0];
    const order = async () => (await admin('GET', `/order/${o.id}`)).data;
    const fees = await order();
    for (const body of [
      { freightAmount: 'Infinity' },
      { freightAmount: 'Infinity', discountAmount: 'Infinity' },
      { discountAmount: '-Infinity' },
      { freightAmount: '0x10' },
      { freightAmount: 'NaN' },
    ]) {
      const env = await admin('POST', '/order/update/moneyInfo', { orderId: o.id, ...body });
      expect(env.message, JSON.stringify(body)).toMatch(/^Validation Failed: (freight|discount)Amount: /);
    }
    expect(await order()).toMatchObject({ payAmount: fees.payAmount, freightAmount: fees.freightAmount });

    const apply = (await admin('GET', '/returnApply/list', undefined, { status: 0, pageSize: 1 })).data.list[0];
    for (const returnAmount of ['-Infinity', 'Infinity', 'NaN', '0x1']) {
      const env = await admin('POST', `/returnApply/update/status/${apply.id}`, { status: 1, returnAmount });
      expect(env.message, returnAmount).toMatch(/^Validation Failed: returnAmount: /);
    }
    expect((await admin('GET', `/returnApply/${apply.id}`)).data.status).toBe(0);
  });

  it('bounds every money field by its column and stores it rounded to cents', async () => {
    const product = (await admin('GET', '/product/list', undefined, { pageSize: 1 })).data.list[0];
    const price = async () => (await admin('GET', `/product/${product.id}`)).data.price;
    const before = await price();
    for (const p of [1e308, '1e308', 1e12, '0x10']) {
      const env = await admin('POST', `/product/update/${product.id}`, { price: p });
      expect(env.message, String(p)).toMatch(/^Validation Failed: price: /);
    }
    expect(await price()).toBe(before);
    const saved = await admin('POST', `/product/update/${product.id}`, { price: 10.005, weight: '0.125' });
    expect(saved.code, saved.message).toBe(200);
    expect((await admin('GET', `/product/${product.id}`)).data).toMatchObject({ price: 10.01, weight: 0.13 });
  });

  it('refuses impossible dates in list filters with the parameter named', async () => {
    for (const [path, param] of [
      ['/order/list', 'createTimeTo'],
      ['/order/list', 'createTimeFrom'],
      ['/order/list', 'createTime'],
    ])
      for (const date of ['2024-13-45', '2024-02-30', '2023-02-29']) {
        const env = await admin('GET', path, undefined, { [param]: date });
        expect(env.code, `${path}?${param}=${date}`).toBe(404);
        expect(env.message).toMatch(new RegExp(`^Validation Failed: ${param}: `));
      }
    expect((await admin('GET', '/order/list', undefined, { createTimeTo: '2024-02-29' })).code).toBe(200);
  });

  it('refuses text of only invisible characters in a required name and an order close note', async () => {
    const before = (await admin('GET', '/brand/list', undefined, { pageSize: 1 })).data.total;
    for (const name of ['\u2800\u2800', '\u115F', '\u1160\u3164', '\u200E\u200F', '\u202A\u202E', '\u034F', '\u180E'])
      expect((await admin('POST', '/brand/create', { name })).message, JSON.stringify(name)).toBe(
        'Validation Failed: name: is required',
      );
    expect((await admin('GET', '/brand/list', undefined, { pageSize: 1 })).data.total).toBe(before);
    const o = (await admin('GET', '/order/list', undefined, { status: OrderStatus.pendingPayment, pageSize: 1 })).data
      .list[0];
    const env = await admin('POST', '/order/update/close', undefined, { ids: o.id, note: '\u200B\u2060\u200E' });
    expect(env.code).not.toBe(200);
    expect((await admin('GET', `/order/${o.id}`)).data.status).toBe(OrderStatus.pendingPayment);
  });

  it('refuses bodies nested past 32 levels, on login and on any write', async () => {
    const login = (depth: number) =>
      fetch(`${s.base}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"username":"admin","password":${nested(depth)}}`,
      }).then((r) => r.json());
    // Within an anonymous route's body limit the depth is what is refused; 10,000 levels pass that limit first.
    expect(await login(1000)).toMatchObject({
      code: 404,
      message: expect.stringMatching(/^Validation Failed: password: /),
    });
    expect(await login(10_000)).toMatchObject({ code: 404, message: Messages.bodyTooLarge });
    for (const path of ['/brand/create', '/order/update/moneyInfo', '/balance/recharge']) {
      const env = await post(path, `{"name":${nested(40)}}`);
      expect(env, path).toMatchObject({ code: 404, message: expect.stringMatching(/^Validation Failed: name: /) });
    }
    expect((await post('/brand/create', nested(5000))).code).toBe(404);
  });
});
