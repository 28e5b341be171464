import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';
import { makeFixture, productBody, sp, type Call, type Fixture } from './catalog-fixtures';

describe.each(dialects)('SKU API on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let f: Fixture;
  const call: Call = (method, path, body, opts = {}) => s.api(method, path, body, { token, ...opts });
  const skus = async (pid: number, keyword?: string) =>
    (await call('GET', `/sku/${pid}`, undefined, keyword === undefined ? {} : { query: { keyword } })).data;
  const create = async (extra: Record<string, unknown> = {}) =>
    (await call('POST', '/product/create', productBody(f, extra))).data;

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    f = await makeFixture(call, 'S');
  });
  afterAll(async () => s?.close());

  it("lists one product's SKUs, filtered by code (case-insensitive)", async () => {
    const p = await create({
      skuStockList: [
        { skuCode: 'ABC-red', price: 1, spData: sp('Red', 'S') },
        { skuCode: 'xyz-blue', price: 2, spData: sp('Blue', 'S') },
      ],
    });
    expect((await skus(p.id)).map((k: any) => k.skuCode)).toEqual(['ABC-red', 'xyz-blue']);
    expect((await skus(p.id, 'abc')).map((k: any) => k.skuCode)).toEqual(['ABC-red']);
    expect(await skus(p.id, 'nothing')).toEqual([]);
    expect((await call('GET', '/sku/999999')).code).toBe(404);
    expect((await call('GET', '/sku/abc')).code).toBe(404);
  });

  it('updates SKUs of that product by id and adds new ones; stock -1 is unlimited', async () => {
    const p = await create();
    const [a, b] = p.skuStockList;
    const env = await call('POST', `/sku/update/${p.id}`, [
      { id: a.id, price: 99, stock: -1, promotionPrice: 80, lowStock: 2 },
      { price: 5, stock: 1, spData: sp('Green', 'L') },
    ]);
    expect(env).toMatchObject({ code: 200, data: 2 });
    const got = await skus(p.id);
    expect(got).toHaveLength(3);
    expect(got[0]).toMatchObject({
      id: a.id,
      price: 99,
      stock: -1,
      promotionPrice: 80,
      lowStock: 2,
      spData: a.spData,
      skuCode: a.skuCode,
    });
    expect(got[1]).toEqual(b);
    expect(got[2]).toMatchObject({ price: 5, spData: sp('Green', 'L'), productId: p.id });
    expect(got[2].skuCode).toMatch(/^\d{8}/);
  });

  it("refuses another product's SKU, repeated or empty spec values, bad numbers; nothing changes", async () => {
    const p = await create();
    const q = await create({ productSn: 'FX-Q' });
    const before = await skus(p.id);
    const bad: [unknown, string][] = [
      [[{ id: q.skuStockList[0].id, price: 1 }], 'Validation Failed: body[0].id: does not exist'],
      [
        [
          { id: before[0].id, price: 1 },
          { price: 2, spData: before[1].spData },
        ],
        'Validation Failed: body: Attribute values cannot be empty or repeated',
      ],
      [
        [{ id: before[0].id, spData: before[1].spData }],
        'Validation Failed: body: Attribute values cannot be empty or repeated',
      ],
      [[{ price: 2 }], 'Validation Failed: body[0].spData: Attribute values cannot be empty or repeated'],
      [[{ id: before[0].id, stock: -5 }], 'Validation Failed: body[0].stock: must be >= -1'],
      [{ price: 1 }, 'Validation Failed: body: must be a list of SKUs'],
    ];
    for (const [body, message] of bad) {
      expect((await call('POST', `/sku/update/${p.id}`, body)).message).toBe(message);
    }
    expect(await skus(p.id)).toEqual(before);
    expect((await skus(q.id))[0]).toEqual(q.skuStockList[0]);
  });

  it('keeps sellers to their own products', async () => {
    const seller = await s.login('seller', 'seller123');
    const ownShops = (await s.api('GET', '/shop/list', undefined, { token: seller })).data.list.map(
      (x: { id: number }) => x.id,
    );
    const shops = (await call('GET', '/shop/list')).data.list.map((x: { id: number }) => x.id);
    const p = await create({ shopId: shops.find((id: number) => !ownShops.includes(id)) }); // another seller's shop
    expect(
      (await s.api('POST', `/sku/update/${p.id}`, [{ id: p.skuStockList[0].id, price: 1 }], { token: seller })).code,
    ).toBe(404);
    expect((await skus(p.id))[0].price).toBe(p.skuStockList[0].price);
  });
});
