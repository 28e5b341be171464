import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopSelfOperated } from '../../generated/enums';
import { makeFixture, productBody } from './catalog-fixtures';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * The platform's own shop: platform staff's writes that name no shop (as clients of the single-store upstream send
 * them) go to the open shop marked self-operated; without one they are refused as before. Only platform staff mark
 * a shop so.
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

  it('refuses a staff write naming no shop while no shop is the platform’s; takes the marked one after', async () => {
    const f = await makeFixture(call, 'P');
    const { shopId: _omit, ...unnamed } = productBody(f);
    const refused = await call('POST', '/product/create', unnamed);
    expect(refused).toMatchObject({ code: 404, message: 'Validation Failed: shopId: choose the shop it belongs to' });
    expect((await call('POST', '/companyAddress/create', address)).code).toBe(404);

    const shops = (await call('GET', '/shop/list', undefined, { query: { pageSize: 100 } })).data.list as {
      id: number;
      shopName: string;
      selfOperated: number;
    }[];
    expect(shops.every((x) => x.selfOperated === ShopSelfOperated.no)).toBe(true);
    const own = shops[shops.length - 1]!;
    const marked = await call('POST', `/shop/update/${own.id}`, { ...own, selfOperated: ShopSelfOperated.yes });
    expect(marked.code, JSON.stringify(marked)).toBe(200);

    const product = await call('POST', '/product/create', { ...unnamed, productSn: 'FX-P2' });
    expect(product.code, JSON.stringify(product)).toBe(200);
    expect((await call('GET', `/product/updateInfo/${product.data.id}`)).data.shopId).toBe(own.id);
    const made = await call('POST', '/companyAddress/create', address);
    expect(made.code, JSON.stringify(made)).toBe(200);
    expect((await call('GET', `/companyAddress/${made.data.id}`)).data.shopId).toBe(own.id);
    // A named shop still wins.
    const other = shops[0]!.id === own.id ? shops[1]! : shops[0]!;
    const named = await call('POST', '/companyAddress/create', { ...address, shopId: other.id });
    expect((await call('GET', `/companyAddress/${named.data.id}`)).data.shopId).toBe(other.id);
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
