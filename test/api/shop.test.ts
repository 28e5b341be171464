import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '../../src/shared/messages';
import { dialects, startServer, type TestServer } from './helpers';

describe.each(dialects)('shops on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  const as = (who: string) => (method: string, path: string, body?: unknown, query?: Record<string, string | number>) =>
    s.api(method, path, body, { token: t[who], query });
  const full = {
    shopName: 'Full Shop',
    legalPersonName: 'Jane Roe',
    country: 'DE',
    city: 'Berlin',
    companyName: 'Roe GmbH',
    address1: 'Unter den Linden 1',
    address2: 'Floor 2',
    firstName: 'Jane',
    lastName: 'Roe',
    inviteCode: 'ROE1',
    phone: '+49 30 555',
    status: 1,
    postcode: '10117',
    currency: 'EUR',
    icon: '/uploads/x.png',
    paypalClientId: 'client-1',
    paypalSecret: 'super-secret-value-1234',
    paypalAccount: 'pay@roe.de',
    chainNetwork: 'ERC20',
    walletAddress: '0xabc',
    approvalMode: 1,
  };

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
      ['operator', 'operator123'],
    ]) {
      t[u] = await s.login(u, p);
    }
  });
  afterAll(async () => s?.close());

  it('creates a shop with every field, owned by the caller; the secret never comes back in full', async () => {
    const env = await as('seller')('POST', '/shop/create', { ...full, sellerId: 1, id: 77 });
    expect(env.code).toBe(200);
    const { paypalSecret, ...rest } = full;
    expect(env.data).toMatchObject(rest);
    expect(env.data.paypalSecret).toBe('••••1234');
    const me = (await as('admin')('GET', '/admin/list', undefined, { keyword: 'seller', pageSize: 10 })).data.list.find(
      (a: { username: string }) => a.username === 'seller',
    );
    expect(env.data.sellerId).toBe(me.id);
    expect(env.data.id).not.toBe(77);
    const listed = (await as('seller')('GET', '/shop/list', undefined, { pageSize: 50 })).data.list;
    expect(JSON.stringify(listed)).not.toContain(paypalSecret);
    expect(JSON.stringify((await as('admin')('GET', `/shop/${env.data.id}`)).data)).not.toContain(paypalSecret);
    const stored = await s.built.db.kysely
      .selectFrom('ums_shop')
      .select('paypal_secret')
      .where('id', '=', env.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.paypal_secret).toBe(paypalSecret);
  });

  it('keeps the stored secret when the masked value or nothing is sent back; replaces it when a new one is', async () => {
    const id = (await as('seller')('POST', '/shop/create', full)).data.id;
    const secret = async () =>
      (
        await s.built.db.kysely
          .selectFrom('ums_shop')
          .select('paypal_secret')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).paypal_secret;
    const shown = (await as('seller')('GET', `/shop/${id}`)).data;
    expect((await as('seller')('POST', `/shop/update/${id}`, { ...shown, city: 'Munich' })).data.city).toBe('Munich');
    expect(await secret()).toBe(full.paypalSecret);
    await as('seller')('POST', `/shop/update/${id}`, { paypalSecret: '' });
    expect(await secret()).toBe(full.paypalSecret);
    await as('seller')('POST', `/shop/update/${id}`, { paypalSecret: 'brand-new-secret-9876' });
    expect(await secret()).toBe('brand-new-secret-9876');
    // the owner never changes, whoever updates
    const before = (await as('admin')('GET', `/shop/${id}`)).data.sellerId;
    await as('admin')('POST', `/shop/update/${id}`, { sellerId: 1, shopName: 'Renamed' });
    expect((await as('admin')('GET', `/shop/${id}`)).data).toMatchObject({ sellerId: before, shopName: 'Renamed' });
  });

  it('validates names (2–140), country codes, currency and enums; nothing is stored', async () => {
    const count = async () => (await as('admin')('GET', '/shop/list')).data.total;
    const n = await count();
    const short = await as('seller')('POST', '/shop/create', { shopName: 'A' });
    expect(short).toMatchObject({
      code: 404,
      message: `${Messages.validationFailed}: shopName: ${Messages.nameLength}`,
    });
    expect((await as('seller')('POST', '/shop/create', { shopName: 'x'.repeat(141) })).message).toContain(
      Messages.nameLength,
    );
    expect((await as('seller')('POST', '/shop/create', { shopName: 'Good name', country: 'XX' })).message).toMatch(
      /^Validation Failed: country:/,
    );
    expect((await as('seller')('POST', '/shop/create', { shopName: 'Good name', currency: 'usd' })).code).toBe(404);
    expect((await as('seller')('POST', '/shop/create', { shopName: 'Good name', approvalMode: 3 })).code).toBe(404);
    expect((await as('seller')('POST', '/shop/create', {})).message).toMatch(/shopName: is required/);
    expect(await count()).toBe(n);
  });

  it('refuses a new shop to a seller without an active VIP membership, with a clear message', async () => {
    const before = (await as('seller2')('GET', '/shop/list')).data.total;
    expect(await as('seller2')('POST', '/shop/create', full)).toMatchObject({
      code: 500,
      message: Messages.vipRequired,
    });
    expect((await as('seller2')('GET', '/shop/list')).data.total).toBe(before);
    // the seller2 shop stays editable: VIP gates opening a shop, not running one
    const own = (await as('seller2')('GET', '/shop/list')).data.list[0];
    expect((await as('seller2')('POST', `/shop/update/${own.id}`, { city: 'Leeds' })).data.city).toBe('Leeds');
    // platform admins open shops without VIP
    expect((await as('admin')('POST', '/shop/create', { shopName: 'Platform shop' })).code).toBe(200);
  });

  it('switches status in batch and deletes only own shops; operators have no shop access', async () => {
    const id = (await as('seller')('POST', '/shop/create', { shopName: 'Closing soon' })).data.id;
    expect(await as('seller')('POST', '/shop/update/status', undefined, { ids: id, status: 0 })).toMatchObject({
      data: 1,
    });
    expect((await as('seller')('GET', `/shop/${id}`)).data.status).toBe(0);
    expect(await as('seller2')('POST', `/shop/delete/${id}`)).toMatchObject({ code: 404 });
    expect(await as('seller')('POST', `/shop/delete/${id}`)).toMatchObject({ code: 200, data: 1 });
    expect((await as('operator')('GET', '/shop/list')).code).toBe(403);
  });
});
