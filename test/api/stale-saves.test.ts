import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';
import { makeFixture, productBody } from './catalog-fixtures';
import { fixtureOrder } from './order-fixtures';

const STALE = 'Someone else changed this record after you opened it; nothing was saved';

describe.each(dialects)('saves of a stale copy on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const call = (method: string, path: string, body?: unknown, opts: Parameters<TestServer['api']>[3] = {}) =>
    s.api(method, path, body, { token, ...opts });

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  });
  afterAll(async () => s?.close());

  it('refuses a stale whole-record save of a brand and keeps the other save', async () => {
    const brand = (await call('POST', '/brand/create', { name: 'Concurrent', firstLetter: 'C', sort: 1 })).data;
    // Two people open the brand.
    const alice = (await call('GET', `/brand/${brand.id}`)).data;
    const bob = (await call('GET', `/brand/${brand.id}`)).data;
    expect(alice.rowVersion).toEqual(expect.any(Number));
    const first = await call('POST', `/brand/update/${brand.id}`, { ...alice, firstLetter: 'Z' });
    expect(first).toMatchObject({ code: 200, data: { firstLetter: 'Z', rowVersion: alice.rowVersion + 1 } });
    // Bob saves the copy he loaded earlier: refused, with the record as stored now.
    const stale = await call('POST', `/brand/update/${brand.id}`, { ...bob, sort: 9 });
    expect(stale.code).toBe(409);
    expect(stale.message).toBe(STALE);
    expect(stale.data).toMatchObject({ id: brand.id, firstLetter: 'Z', sort: 1, rowVersion: alice.rowVersion + 1 });
    expect((await call('GET', `/brand/${brand.id}`)).data).toMatchObject({ firstLetter: 'Z', sort: 1 });
    // "Keep mine": his copy again with the version he was shown.
    const mine = await call('POST', `/brand/update/${brand.id}`, {
      ...bob,
      sort: 9,
      rowVersion: stale.data.rowVersion,
    });
    expect(mine).toMatchObject({ code: 200, data: { sort: 9, firstLetter: 'C' } });
  });

  it('saves a fresh copy, and a save naming no version as before (upstream clients)', async () => {
    const brand = (await call('POST', '/brand/create', { name: 'Fresh one' })).data;
    const v = brand.rowVersion;
    expect((await call('POST', `/brand/update/${brand.id}`, { name: 'Fresh two', rowVersion: v })).data).toMatchObject({
      name: 'Fresh two',
      rowVersion: v + 1,
    });
    // No version: saved whatever happened since.
    expect((await call('POST', `/brand/update/${brand.id}`, { sort: 4 })).data).toMatchObject({ sort: 4 });
    // A batch switch needs none either, and moves the version on (a form loaded before would undo it).
    expect(
      await call('POST', '/brand/update/showStatus', undefined, { query: { ids: brand.id, showStatus: 0 } }),
    ).toMatchObject({ code: 200, data: 1 });
    expect((await call('GET', `/brand/${brand.id}`)).data.rowVersion).toBe(v + 3);
    expect((await call('POST', `/brand/update/${brand.id}`, { showStatus: 1, rowVersion: v + 2 })).code).toBe(409);
    // A bad version is a validation error, a missing record stays "not found".
    expect((await call('POST', `/brand/update/${brand.id}`, { sort: 1, rowVersion: 'x' })).message).toBe(
      'Validation Failed: rowVersion: must be a non-negative integer',
    );
    expect((await call('POST', '/brand/update/999999', { sort: 1, rowVersion: 0 })).code).toBe(404);
  });

  it('answers the version as an ETag and honours If-Match on the generic update', async () => {
    const created = (await call('POST', '/returnReason/create', { name: 'Etag reason' })).data;
    const res = await fetch(`${s.base}/returnReason/${created.id}`, { headers: { authorization: `Bearer ${token}` } });
    const etag = res.headers.get('etag');
    const read = (await res.json()).data;
    expect(etag).toBe(`"${read.rowVersion}"`);
    const headers = { 'If-Match': etag! };
    expect((await call('POST', `/returnReason/update/${created.id}`, { name: 'Etag one' }, { headers })).code).toBe(
      200,
    );
    const stale = await call('POST', `/returnReason/update/${created.id}`, { name: 'Etag two' }, { headers });
    expect(stale).toMatchObject({ code: 409, message: STALE, data: { name: 'Etag one' } });
    // If-Match wins over the body; `*` is any version.
    expect(
      (await call('POST', `/returnReason/update/${created.id}`, { name: 'Etag three', rowVersion: 0 }, { headers }))
        .code,
    ).toBe(409);
    expect(
      (
        await call(
          'POST',
          `/returnReason/update/${created.id}`,
          { name: 'Etag four' },
          { headers: { 'If-Match': '*' } },
        )
      ).code,
    ).toBe(200);
  });

  it('refuses a stale product save (the domain save) and keeps the other', async () => {
    const f = await makeFixture(call, `stale-${dialect}`);
    const made = (await call('POST', '/product/create', productBody(f))).data;
    const loaded = (await call('GET', `/product/updateInfo/${made.id}`)).data;
    expect(loaded.rowVersion).toEqual(expect.any(Number));
    const body = { ...productBody(f), rowVersion: loaded.rowVersion };
    expect((await call('POST', `/product/update/${made.id}`, { ...body, name: 'First save' })).code).toBe(200);
    const stale = await call('POST', `/product/update/${made.id}`, { ...body, name: 'Second save' });
    expect(stale).toMatchObject({ code: 409, message: STALE, data: { id: made.id, name: 'First save' } });
    expect((await call('GET', `/product/updateInfo/${made.id}`)).data.name).toBe('First save');
    // With If-Match and the fresh version: saved.
    const fresh = String(stale.data.rowVersion);
    expect(
      (await call('POST', `/product/update/${made.id}`, { ...body, name: 'Third' }, { headers: { 'If-Match': fresh } }))
        .code,
    ).toBe(200);
    // No version at all: saved as before.
    expect((await call('POST', `/product/update/${made.id}`, { ...productBody(f), name: 'Fourth' })).code).toBe(200);
  });

  it('refuses an order edit made from a stale copy (receiver, fees)', async () => {
    const member = (await call('GET', '/member/list', undefined, { query: { pageSize: 1 } })).data.list[0];
    const [shopId, memberId] = [member.shopId, member.id];
    const id = await fixtureOrder(s, { shopId, memberId, status: 0 });
    const loaded = (await call('GET', `/order/${id}`)).data;
    const receiver = { orderId: id, receiverName: 'First', rowVersion: loaded.rowVersion };
    expect((await call('POST', '/order/update/receiverInfo', receiver)).code).toBe(200);
    const stale = await call('POST', '/order/update/receiverInfo', { ...receiver, receiverName: 'Second' });
    expect(stale).toMatchObject({ code: 409, message: STALE, data: { id, receiverName: 'First' } });
    const fees = { orderId: id, freightAmount: 5, discountAmount: 0 };
    expect((await call('POST', '/order/update/moneyInfo', { ...fees, rowVersion: loaded.rowVersion })).code).toBe(409);
    // Without a version, as upstream's client: saved.
    expect((await call('POST', '/order/update/moneyInfo', fees)).code).toBe(200);
    expect((await call('GET', `/order/${id}`)).data).toMatchObject({ receiverName: 'First', freightAmount: 5 });
  });
});
