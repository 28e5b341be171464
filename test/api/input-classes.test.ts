/**
 * Classes of bad input on the routes where they did harm: numbers that are not finite or past a money column's
 * bounds, impossible dates in list filters, text made only of invisible characters, bodies nested past any sane depth.
 * Each is refused with the validation envelope, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { DATE_RANGE } from '../../src/server/core/dates';
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
      await s.fetch(`${s.base}${path}`, {
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

  it('compares far dates as dates: the last day of 9999 bounds every row, later and earlier years are refused', async () => {
    const all = (await admin('GET', '/order/list', undefined, { pageSize: 1 })).data.total;
    expect(all).toBeGreaterThan(0);
    const total = async (query: Record<string, string>) => {
      const env = await admin('GET', '/order/list', undefined, { pageSize: 1, ...query });
      expect(env.code, `${JSON.stringify(query)}: ${env.message}`).toBe(200);
      return env.data.total;
    };
    expect(await total({ createTimeTo: '9999-12-31' })).toBe(all);
    expect(await total({ createTimeTo: '9999-12-31 23:59:59' })).toBe(all);
    expect(await total({ createTimeFrom: '0001-01-01', createTimeTo: '9999-12-31' })).toBe(all);
    expect(await total({ createTimeFrom: '9999-12-31' })).toBe(0);
    expect(await total({ createTime: '9999-12-31' })).toBe(0);
    for (const date of ['10000-01-01', '+010000-01-01', '-000001-01-01', '0000-12-31', '9999-12-31T23:00:00-05:00'])
      for (const param of ['createTimeTo', 'createTimeFrom']) {
        const env = await admin('GET', '/order/list', undefined, { [param]: date });
        expect(env.message, `${param}=${date}`).toBe(`Validation Failed: ${param}: ${DATE_RANGE}`);
      }
    // In a body too: the last day of 9999 is kept as written, a later one refused.
    const ad = (await admin('GET', '/home/advertise/list', undefined, { pageSize: 1 })).data.list[0];
    const saved = await admin('POST', `/home/advertise/update/${ad.id}`, { endTime: '9999-12-31 23:59:59' });
    expect(saved.code, saved.message).toBe(200);
    const ending = async (query: Record<string, string>) =>
      (await admin('GET', '/home/advertise/list', undefined, { pageSize: 100, ...query })).data.list.map(
        (a: { id: number }) => a.id,
      );
    expect(await ending({ endTimeTo: '9999-12-31' })).toContain(ad.id);
    expect(await ending({ endTime: '9999-12-31' })).toEqual([ad.id]);
    for (const endTime of ['10000-01-01', '9999-12-31T23:00:00-05:00', '0000-06-01'])
      expect((await admin('POST', `/home/advertise/update/${ad.id}`, { endTime })).message, endTime).toBe(
        `Validation Failed: endTime: ${DATE_RANGE}`,
      );
  });

  it('reads back the first century as written: a date-time in the year 1, 50 or 99 is not moved into the 1900s or 2000s', async () => {
    const ad = (await admin('GET', '/home/advertise/list', undefined, { pageSize: 1 })).data.list[0];
    for (const [startTime, endTime] of [
      ['0001-01-01 00:00:00', '0099-06-15 12:30:00'],
      ['0050-02-28 23:59:59', '2026-11-30 20:00:00'],
    ]) {
      const saved = await admin('POST', `/home/advertise/update/${ad.id}`, { startTime, endTime });
      expect(saved.code, saved.message).toBe(200);
      const read = (await admin('GET', `/home/advertise/${ad.id}`)).data;
      expect([read.startTime, read.endTime]).toEqual([startTime, endTime].map((t) => `${t.replace(' ', 'T')}.000Z`));
    }
  });

  it('refuses true and false in number fields on create, update, batch and import; numbers as text still count', async () => {
    const before = (await admin('GET', '/brand/list', undefined, { pageSize: 1 })).data.total;
    for (const sort of [true, false])
      expect((await admin('POST', '/brand/create', { name: 'Boolean sort', sort })).message, String(sort)).toBe(
        'Validation Failed: sort: must be a number',
      );
    expect((await admin('GET', '/brand/list', undefined, { pageSize: 1 })).data.total).toBe(before);
    const brand = (await admin('GET', '/brand/list', undefined, { pageSize: 1 })).data.list[0];
    expect((await admin('POST', `/brand/update/${brand.id}`, { sort: true })).message).toBe(
      'Validation Failed: sort: must be a number',
    );
    expect((await admin('POST', '/brand/update/showStatus', { ids: [brand.id], showStatus: true })).message).toMatch(
      /^Validation Failed: showStatus: /,
    );
    expect((await admin('GET', `/brand/${brand.id}`)).data).toMatchObject({
      sort: brand.sort,
      showStatus: brand.showStatus,
    });
    // A list body (upstream's createMany) and a domain's fields body.
    const member = (await admin('GET', '/member/list', undefined, { pageSize: 1 })).data.list[0];
    expect((await admin('POST', '/balance/recharge', { memberId: member.id, amount: true })).message).toBe(
      'Validation Failed: amount: must be a number',
    );
    const product = (await admin('GET', '/product/list', undefined, { pageSize: 1 })).data.list[0];
    const csv = `name,productCategoryId,shopId,price\nBoolean price,${product.productCategoryId},${product.shopId},true\n`;
    const imported = await (
      await fetch(`${s.base}/product/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      })
    ).json();
    expect(imported.data.refused[0].errors, JSON.stringify(imported)).toEqual({ price: 'must be a number' });
    // Forms send numbers as text.
    const made = await s.api('POST', '/brand/create', { name: 'Text sort', sort: '12' }, { token, form: true });
    expect(made.data, made.message).toMatchObject({ name: 'Text sort', sort: 12 });
    expect((await admin('POST', `/brand/update/${made.data.id}`, { sort: '13' })).data.sort).toBe(13);
  });

  it('refuses names that render nothing on their own: fillers, combining marks, private-use and unassigned code points', async () => {
    const before = (await admin('GET', '/brand/list', undefined, { pageSize: 1 })).data.total;
    for (const name of [
      '\u{16FE4}',
      '\u{16FE4}\u{16FE4}',
      '\u0301',
      '\u0301\u0308\u20DD',
      ' \u0300 ',
      '\uE000',
      '\u0378',
      '\u{E0041}',
      '\uFE0F',
    ])
      expect((await admin('POST', '/brand/create', { name })).message, JSON.stringify(name)).toBe(
        'Validation Failed: name: is required',
      );
    expect((await admin('GET', '/brand/list', undefined, { pageSize: 1 })).data.total).toBe(before);
    // A letter with its marks, an emoji, a lone symbol or digit are text.
    for (const name of ['Cafe\u0301', '\u2764\uFE0F', '\u00A9\u00A9', '77'])
      expect((await admin('POST', '/brand/create', { name })).code, JSON.stringify(name)).toBe(200);
  });
});
