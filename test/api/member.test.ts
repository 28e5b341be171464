import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('members on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as = (who: string) => (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: t[who], query });
  let shops: { id: number; approvalMode: number }[];

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ])
      t[u] = await s.login(u, p);
    shops = (await as('seller')('GET', '/shop/list')).data.list;
  });
  afterAll(async () => s?.close());

  const shopWith = (mode: number) => shops.find((x) => x.approvalMode === mode)!.id;

  it('seeds members with every spec field for each demo shop', async () => {
    const list = (await as('admin')('GET', '/member/list', undefined, { pageSize: 100 })).data.list;
    expect(new Set(list.map((m: { shopId: number }) => m.shopId)).size).toBe(3);
    for (const key of [
      'username',
      'nickname',
      'realName',
      'mobile',
      'companyName',
      'country',
      'taxId',
      'phone',
      'icon',
      'memberLevelId',
      'applyStatus',
      'status',
    ])
      expect(list[0]).toHaveProperty(key);
  });

  it('answers /memberLevel/list with a plain list, as upstream does, filtered by defaultStatus', async () => {
    const levels = (await as('seller')('GET', '/memberLevel/list')).data;
    expect(Array.isArray(levels)).toBe(true);
    expect(levels.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Gold', 'Regular']));
    const nonDefault = (await as('seller')('GET', '/memberLevel/list', undefined, { defaultStatus: 0 })).data;
    expect(nonDefault.length).toBe(levels.length - 1);
    expect(nonDefault.every((l: { defaultStatus: number }) => l.defaultStatus === 0)).toBe(true);
  });

  it('approves an application at once when the shop approves automatically, keeps it pending when manual', async () => {
    const auto = await as('seller')('POST', '/member/create', {
      username: 'auto.one',
      shopId: shopWith(0),
      applyStatus: 2,
    });
    expect(auto.data).toMatchObject({ shopId: shopWith(0), applyStatus: 1 });
    const manual = await as('seller')('POST', '/member/create', {
      username: 'manual.one',
      shopId: shopWith(1),
      applyStatus: 1,
    });
    expect(manual.data).toMatchObject({ shopId: shopWith(1), applyStatus: 0 });
    // switching the shop to automatic applies to the next application
    await as('seller')('POST', `/shop/update/${shopWith(1)}`, { approvalMode: 0 });
    const later = await as('seller')('POST', '/member/create', { username: 'manual.two', shopId: manual.data.shopId });
    expect(later.data.applyStatus).toBe(1);
    await as('seller')('POST', `/shop/update/${manual.data.shopId}`, { approvalMode: 1 });
  });

  it("lets the seller approve or reject its own shop's applications only", async () => {
    const manualShop = shops.find((x) => x.approvalMode === 1)!.id;
    const a = (await as('seller')('POST', '/member/create', { username: 'pending.a', shopId: manualShop })).data;
    const b = (await as('seller')('POST', '/member/create', { username: 'pending.b', shopId: manualShop })).data;
    const ok = await as('seller')('POST', '/member/update/applyStatus', undefined, { ids: a.id, applyStatus: 1 });
    expect(ok).toMatchObject({ code: 200, data: 1 });
    const form = await s.api(
      'POST',
      '/member/update/applyStatus',
      { ids: String(b.id), applyStatus: '2' },
      { token: t.seller, form: true },
    );
    expect(form).toMatchObject({ code: 200, data: 1 });
    expect((await as('seller')('GET', `/member/${a.id}`)).data.applyStatus).toBe(1);
    expect((await as('seller')('GET', `/member/${b.id}`)).data.applyStatus).toBe(2);
    // another seller cannot decide, and bad decisions are refused
    expect(
      await as('seller2')('POST', '/member/update/applyStatus', undefined, { ids: a.id, applyStatus: 2 }),
    ).toMatchObject({ code: 200, data: 0 });
    expect((await as('seller')('GET', `/member/${a.id}`)).data.applyStatus).toBe(1);
    for (const bad of ['0', '3', '']) {
      expect(
        (await as('seller')('POST', '/member/update/applyStatus', undefined, { ids: a.id, applyStatus: bad })).code,
      ).toBe(404);
    }
    expect((await as('seller')('POST', '/member/update/applyStatus', undefined, { applyStatus: 1 })).code).toBe(404);
  });

  it('updates and deletes members, validating fields', async () => {
    const m = (await as('seller')('POST', '/member/create', { username: 'editme', country: 'US', shopId: shops[0].id }))
      .data;
    const upd = await as('seller')('POST', `/member/update/${m.id}`, {
      nickname: 'Ed',
      realName: 'Ed Itme',
      mobile: '555',
      companyName: 'Ed Co',
      country: 'FR',
      taxId: 'T1',
      phone: '1',
    });
    expect(upd.data).toMatchObject({ nickname: 'Ed', country: 'FR', taxId: 'T1' });
    expect((await as('seller')('POST', `/member/update/${m.id}`, { country: 'ZZ' })).code).toBe(404);
    expect((await as('seller')('POST', '/member/create', { username: 'x', shopId: shops[0].id })).message).toMatch(
      /username/,
    );
    expect(await as('seller')('POST', `/member/delete/${m.id}`)).toMatchObject({ code: 200, data: 1 });
    expect((await as('seller')('GET', `/member/${m.id}`)).code).toBe(404);
  });
});
