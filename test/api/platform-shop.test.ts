import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopSelfOperated, ShopStatus } from '../../generated/enums';
import { makeFixture, productBody } from './catalog-fixtures';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * The platform's own shop (seeded in demo data): platform staff's writes that name no shop (as clients of the
 * single-store upstream send them) go to the open shop marked self-operated; without one they are refused as before.
 * Only platform staff mark a shop so.
 */
describe.each(dialects)('platform shop on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let seller: string;
  const call = (method: string, path: string, body?: unknown, opts: Parameters<TestServer['api']>[3] = {}) =>
    s.api(method, path, body, { token, ...opts });
  const address = { addressName: 'Returns desk', name: 'Desk', phone: '+1 555 0100', detailAddress: '1 Main St' };

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    seller = await s.login('seller', 'seller123');
  });
  afterAll(async () => s?.close());

  type Shop = { id: number; shopName: string; selfOperated: number; status: number };
  const shops = async () =>
    (await call('GET', '/shop/list', undefined, { query: { pageSize: 100 } })).data.list as Shop[];

  it('gives staff writes naming no shop to the seeded platform shop; a named shop still wins', async () => {
    const all = await shops();
    const own = all.filter((x) => x.selfOperated === ShopSelfOperated.yes);
    expect(own.map((x) => x.shopName)).toEqual(['Marketplace Direct']);
    const f = await makeFixture(call, 'P');
    const { shopId: _omit, ...unnamed } = productBody(f);
    const product = await call('POST', '/product/create', unnamed);
    expect(product.code, JSON.stringify(product)).toBe(200);
    expect((await call('GET', `/product/updateInfo/${product.data.id}`)).data.shopId).toBe(own[0]!.id);
    const made = await call('POST', '/companyAddress/create', address);
    expect(made.code, JSON.stringify(made)).toBe(200);
    expect((await call('GET', `/companyAddress/${made.data.id}`)).data.shopId).toBe(own[0]!.id);
    const other = all.find((x) => x.id !== own[0]!.id)!;
    const named = await call('POST', '/companyAddress/create', { ...address, shopId: other.id });
    expect((await call('GET', `/companyAddress/${named.data.id}`)).data.shopId).toBe(other.id);
  });

  it('refuses a staff write naming no shop while no open shop is the platform’s; takes a newly marked one', async () => {
    const all = await shops();
    const seeded = all.find((x) => x.selfOperated === ShopSelfOperated.yes)!;
    const closed = await call('POST', `/shop/update/${seeded.id}`, { ...seeded, status: ShopStatus.closed });
    expect(closed.code, JSON.stringify(closed)).toBe(200);
    const refused = await call('POST', '/companyAddress/create', address);
    expect(refused).toMatchObject({ code: 404, message: 'Validation Failed: shopId: choose the shop it belongs to' });

    const next = all.find((x) => x.selfOperated === ShopSelfOperated.no)!;
    const marked = await call('POST', `/shop/update/${next.id}`, { ...next, selfOperated: ShopSelfOperated.yes });
    expect(marked.code, JSON.stringify(marked)).toBe(200);
    const made = await call('POST', '/companyAddress/create', address);
    expect(made.code, JSON.stringify(made)).toBe(200);
    expect((await call('GET', `/companyAddress/${made.data.id}`)).data.shopId).toBe(next.id);
  });

  it("keeps a seller's value of the mark out: only platform staff set it", async () => {
    const mine = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list[0];
    const res = await s.api(
      'POST',
      `/shop/update/${mine.id}`,
      { ...mine, selfOperated: ShopSelfOperated.yes },
      { token: seller },
    );
    expect(res.code, JSON.stringify(res)).toBe(200);
    expect((await call('GET', `/shop/${mine.id}`)).data.selfOperated).toBe(ShopSelfOperated.no);
  });
});
