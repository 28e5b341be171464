import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, productBody, type Call, type Fixture } from './catalog-fixtures';
import { dialects, startServer, type TestServer } from './helpers';

/** Calls as mall-admin-web (upstream's admin client) makes them, pointed at our server. */
describe.each(dialects)('upstream clients on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let f: Fixture;
  const call: Call = (m, p, b, o = {}) => s.api(m, p, b, { token, ...o });

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    f = await makeFixture(call, 'U');
  });
  afterAll(async () => s?.close());

  it('takes "" in an optional field as no value, on create and update, for the product form and generic entities', async () => {
    const none = { promotionStartTime: '', promotionEndTime: '', promotionPrice: '' };
    const made = await call('POST', '/product/create', productBody(f, { productSn: 'U-1', ...none }));
    expect(made.code, made.message).toBe(200);
    expect(made.data).toMatchObject({ promotionStartTime: null, promotionEndTime: null, promotionPrice: null });

    const timed = await call('POST', `/product/update/${made.data.id}`, {
      promotionStartTime: '2026-01-02 10:00:00',
      promotionEndTime: '2026-02-02 10:00:00',
    });
    expect(timed.data.promotionStartTime).toBe('2026-01-02T10:00:00.000Z');
    const cleared = await call('POST', `/product/update/${made.data.id}`, none);
    expect(cleared.code, cleared.message).toBe(200);
    expect(cleared.data).toMatchObject({ promotionStartTime: null, promotionEndTime: null });

    // the generic layer too: a brand's optional first letter, a member's optional birthday and country
    const brand = await call('POST', '/brand/create', { name: 'Empty Fields', firstLetter: '', logo: '' });
    expect(brand.code, brand.message).toBe(200);
    const member = await call('POST', '/member/create', {
      username: 'empty.fields',
      birthday: '',
      country: '',
      shopId: f.shopId,
    });
    expect(member.code, member.message).toBe(200);
    expect(member.data).toMatchObject({ birthday: null, country: null });
    const upd = await call('POST', `/member/update/${member.data.id}`, { birthday: '', gender: '' });
    expect(upd.code, upd.message).toBe(200);
  });

  it('still refuses "" in a required field: an empty product description or name is refused on purpose', async () => {
    const before = (await call('GET', '/product/list', undefined, { query: { pageSize: 1 } })).data.total;
    expect((await call('POST', '/product/create', productBody(f, { description: '' }))).message).toMatch(
      /^Validation Failed: description: /,
    );
    expect((await call('POST', '/product/create', productBody(f, { name: '' }))).message).toMatch(
      /^Validation Failed: name: /,
    );
    expect((await call('GET', '/product/list', undefined, { query: { pageSize: 1 } })).data.total).toBe(before);
    const p = (await call('POST', '/product/create', productBody(f, { productSn: 'U-2' }))).data;
    expect((await call('POST', `/product/update/${p.id}`, { description: '' })).message).toMatch(
      /^Validation Failed: description: /,
    );
  });

  it("reads a product type's name from the query string, as upstream's controller does", async () => {
    const made = await call('POST', '/productAttribute/category/create', undefined, { query: { name: 'Query Type' } });
    expect(made.code, made.message).toBe(200);
    expect(made.data.name).toBe('Query Type');
    const upd = await call('POST', `/productAttribute/category/update/${made.data.id}`, undefined, {
      query: { name: 'Query Type 2' },
    });
    expect(upd.data.name).toBe('Query Type 2');
    expect((await call('GET', `/productAttribute/category/${made.data.id}`)).data.name).toBe('Query Type 2');
    // the rules hold there too
    expect((await call('POST', '/productAttribute/category/create', undefined, { query: { name: 'Q' } })).code).toBe(
      404,
    );
  });

  it("nests each flash product's product in /flashProductRelation/list, as upstream's flash product page reads it", async () => {
    const page = (await call('GET', '/flashProductRelation/list', undefined, { query: { pageSize: 20 } })).data;
    expect(page.list.length).toBeGreaterThan(0);
    for (const row of page.list) {
      // mall-admin-web renders scope.row.product.name, .productSn, .price and .stock
      expect(row.product, `relation ${row.id}`).toMatchObject({ id: row.productId, name: expect.any(String) });
      expect(row.product).toHaveProperty('productSn');
      expect(row.product).toHaveProperty('price');
      expect(row.product).toHaveProperty('stock');
    }
    // The filters upstream sends still narrow the page.
    const { flashPromotionId, flashPromotionSessionId } = page.list[0];
    const one = (
      await call('GET', '/flashProductRelation/list', undefined, {
        query: { flashPromotionId, flashPromotionSessionId, pageSize: 5, pageNum: 1 },
      })
    ).data;
    expect(one.list.length).toBeGreaterThan(0);
    for (const row of one.list) {
      expect(row).toMatchObject({ flashPromotionId, flashPromotionSessionId });
      expect(row.product.id).toBe(row.productId);
    }
  });

  it("keeps uploads authenticated: upstream's upload widget must send the Authorization header", async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])], { type: 'image/png' }),
      'a.png',
    );
    const anonymous = await (await fetch(`${s.base}/minio/upload`, { method: 'POST', body: form })).json();
    expect(anonymous.code).toBe(401);
    const signed = await (
      await fetch(`${s.base}/minio/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(signed.code).toBe(200);
  });
});
