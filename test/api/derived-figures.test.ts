import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFixture, productBody, sp, type Call, type Fixture } from './catalog-fixtures';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * Figures derived from other rows follow every write that changes their inputs: a product's stock (its SKUs), brand
 * and category product counts (products outside the recycle bin).
 */
describe.each(dialects)('derived figures on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let f: Fixture;
  const call: Call = (m, p, b, o = {}) => s.api(m, p, b, { token, ...o });
  const listed = async (id: number) =>
    (await call('GET', '/product/list', undefined, { query: { ids: id } })).data.list[0];
  const counts = async () => ({
    brand: (await call('GET', `/brand/${f.brandId}`)).data.productCount,
    leaf: (await call('GET', `/productCategory/${f.leafId}`)).data.productCount,
    other: (await call('GET', `/productCategory/${f.otherLeafId}`)).data.productCount,
  });
  const skus = (a: number, b: number) => [
    { price: 20, stock: a, lowStock: 1, spData: sp('Red', 'S') },
    { price: 21, stock: b, lowStock: 0, spData: sp('Blue', 'M') },
  ];

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    f = await makeFixture(call, 'D');
  });
  afterAll(async () => s?.close());

  it("a product's stock is what its SKUs hold, after create, update and SKU edits", async () => {
    // the product form sends stock 0 while its SKUs hold 40
    const made = (await call('POST', '/product/create', productBody(f, { stock: 0, skuStockList: skus(15, 25) }))).data;
    expect(made.stock).toBe(40);
    expect((await listed(made.id)).stock).toBe(40);

    const ids = made.skuStockList.map((k: { id: number }) => k.id);
    const edited = (
      await call('POST', `/product/update/${made.id}`, {
        stock: 0,
        skuStockList: [
          { id: ids[0], stock: 10 },
          { id: ids[1], stock: 2 },
        ],
      })
    ).data;
    expect(edited.stock).toBe(12);

    expect((await call('POST', `/sku/update/${made.id}`, [{ id: ids[1], stock: 7 }])).code).toBe(200);
    expect((await listed(made.id)).stock).toBe(17);
    // one unlimited SKU (-1) makes the product unlimited
    await call('POST', `/sku/update/${made.id}`, [{ id: ids[0], stock: -1 }]);
    expect((await listed(made.id)).stock).toBe(-1);
    // a product whose SKUs are all gone keeps the stock it is given
    const typeless = (
      await call('POST', `/product/update/${made.id}`, { productAttributeCategoryId: null, stock: 5, skuStockList: [] })
    ).data;
    expect(typeless.skuStockList).toEqual([]);
    expect(typeless.stock).toBe(5);
  });

  it('brand and category product counts follow create, move, recycle bin, restore and delete', async () => {
    const start = await counts();
    const p = (await call('POST', '/product/create', productBody(f, { productSn: 'D-C' }))).data;
    expect(await counts()).toEqual({ ...start, brand: start.brand + 1, leaf: start.leaf + 1 });
    await call('POST', `/product/update/${p.id}`, { productCategoryId: f.otherLeafId });
    expect(await counts()).toEqual({ ...start, brand: start.brand + 1, other: start.other + 1 });
    await call('POST', '/product/update/deleteStatus', undefined, { query: { ids: p.id, deleteStatus: 1 } });
    expect(await counts()).toEqual(start);
    await call('POST', '/product/update/deleteStatus', undefined, { query: { ids: p.id, deleteStatus: 0 } });
    await call('POST', '/product/update/productCategoryId', undefined, {
      query: { ids: p.id, productCategoryId: f.leafId },
    });
    expect(await counts()).toEqual({ ...start, brand: start.brand + 1, leaf: start.leaf + 1 });
    await call('POST', `/product/delete/${p.id}`);
    expect(await counts()).toEqual(start);
  });

  it("a role's user count follows deleted accounts", async () => {
    const sellers = async () =>
      (await call('GET', '/role/listAll')).data.find((r: { name: string }) => r.name === 'Seller').adminCount;
    await s.api('POST', '/admin/register', { username: 'derived.one', password: 'secret123' });
    const before = await sellers();
    const id = (await call('GET', '/admin/list', undefined, { query: { keyword: 'derived.one' } })).data.list[0].id;
    expect((await call('POST', `/admin/delete/${id}`)).data).toBe(1);
    expect(await sellers()).toBe(before - 1);
  });
});
