import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';
import { makeFixture, productBody, sp, type Call, type Fixture } from './catalog-fixtures';

const NO_SKU = 'No SKU information';
const SELECT_RECORD = 'Please select a record or the items to operate on';
const SELECT_TYPE = 'Please select a batch operation type';
const VALUES = 'Attribute values cannot be empty or repeated';

describe.each(dialects)('product API on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let f: Fixture;
  const call: Call = (method, path, body, opts = {}) => s.api(method, path, body, { token, ...opts });
  const list = (query: Record<string, string | number> = {}) => call('GET', '/product/list', undefined, { query });
  const info = async (id: number) => (await call('GET', `/product/updateInfo/${id}`)).data;
  const total = async (query: Record<string, string | number> = {}) =>
    (await list({ pageSize: 1, ...query })).data.total as number;
  const count = async (path: string) => (await call('GET', path)).data.productCount as number;
  const create = async (extra: Record<string, unknown> = {}) => {
    const env = await call('POST', '/product/create', productBody(f, extra));
    if (env.code !== 200) throw new Error(env.message);
    return env.data;
  };

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    f = await makeFixture(call, 'P');
  });
  afterAll(async () => s?.close());

  it('lists the seeded catalog without the recycle bin, with upstream filters', async () => {
    const all = await list({ pageSize: 1000 });
    expect(all.code).toBe(200);
    expect(all.data.total).toBeGreaterThan(250);
    expect(all.data.list.every((p: { deleteStatus: number }) => p.deleteStatus === 0)).toBe(true);
    const bin = await list({ deleteStatus: 1, pageSize: 1000 });
    expect(bin.data.list.every((p: { deleteStatus: number }) => p.deleteStatus === 1)).toBe(true);
    const first = all.data.list[0];
    expect((await list({ productSn: first.productSn })).data.list.map((p: { id: number }) => p.id)).toEqual([first.id]);
    const byCat = await list({ productCategoryId: first.productCategoryId, pageSize: 1000 });
    expect(
      byCat.data.list.every((p: { productCategoryId: number }) => p.productCategoryId === first.productCategoryId),
    ).toBe(true);
    const byBrand = await list({ brandId: first.brandId, publishStatus: 1, verifyStatus: 1, pageSize: 1000 });
    expect(byBrand.data.list.length).toBeGreaterThan(0);
    expect(
      byBrand.data.list.every((p: any) => p.brandId === first.brandId && p.publishStatus === 1 && p.verifyStatus === 1),
    ).toBe(true);
    const word = first.name.split(' ')[1];
    const kw = await list({ keyword: word, pageSize: 1000 });
    expect(kw.data.list.length).toBeGreaterThan(0);
    expect(kw.data.list.every((p: any) => `${p.name} ${p.subTitle} ${p.productSn} ${p.keywords}`.includes(word))).toBe(
      true,
    );
  });

  it('creates the whole composite in one call and answers it as updateInfo does', async () => {
    const before = { brand: await count(`/brand/${f.brandId}`), cat: await count(`/productCategory/${f.leafId}`) };
    const made = await create({
      promotionType: 3,
      productLadderList: [
        { count: 2, discount: 9 },
        { count: 5, discount: 8 },
      ],
      memberPriceList: [{ memberLevelId: 1, memberPrice: 18 }],
    });
    expect(made).toMatchObject({
      name: 'Fixture Tee',
      brandName: 'Brand P',
      productCategoryName: 'Leaf P',
      cateParentId: f.topId,
      shopId: f.shopId,
    });
    expect(made.skuStockList).toHaveLength(2);
    expect(made.skuStockList[0]).toMatchObject({ skuCode: 'FX-RS', price: 20, stock: 5, spData: sp('Red', 'S') });
    expect(made.skuStockList[1].skuCode).toMatch(/^\d{8}\d{4,}002$/);
    expect(made.skuStockList[1].stock).toBe(-1);
    expect(made.productLadderList.map((l: any) => [l.count, l.discount])).toEqual([
      [2, 9],
      [5, 8],
    ]);
    expect(made.memberPriceList[0]).toMatchObject({ memberLevelId: 1, memberPrice: 18, memberLevelName: 'Gold' });
    expect(made.productAttributeValueList.map((v: any) => v.value)).toEqual(['Red,Blue', 'S,M', 'Cotton']);
    expect(await info(made.id)).toEqual(made);
    expect(await count(`/brand/${f.brandId}`)).toBe(before.brand + 1);
    expect(await count(`/productCategory/${f.leafId}`)).toBe(before.cat + 1);
  });

  it('refuses a product whose type has spec attributes but no SKU, storing nothing', async () => {
    const before = await total();
    for (const skuStockList of [[], undefined]) {
      const env = await call('POST', '/product/create', productBody(f, { skuStockList }));
      expect(env).toMatchObject({ code: 404, message: NO_SKU });
    }
    expect(await total()).toBe(before);
  });

  it('validates fields, SKU spec values and attribute values; nothing stored on failure', async () => {
    const before = await total();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'x' }, 'Validation Failed: name: Length must be between 2 and 140 characters'],
      [{ subTitle: undefined }, 'Validation Failed: subTitle: is required'],
      [{ productCategoryId: 999999 }, 'Validation Failed: productCategoryId: does not exist'],
      [{ brandId: 999999 }, 'Validation Failed: brandId: does not exist'],
      [{ stock: -2 }, 'Validation Failed: stock: must be >= -1'],
      [
        {
          skuStockList: [
            { price: 1, spData: sp('Red', 'S') },
            { price: 2, spData: sp('Red', 'S') },
          ],
        },
        `Validation Failed: skuStockList: ${VALUES}`,
      ],
      [
        { skuStockList: [{ price: 1, spData: JSON.stringify([{ key: 'Color', value: ' ' }]) }] },
        `Validation Failed: skuStockList[0].spData: ${VALUES}`,
      ],
      [{ skuStockList: [{ price: 1 }] }, `Validation Failed: skuStockList[0].spData: ${VALUES}`],
      [
        { skuStockList: [{ price: 1, spData: JSON.stringify([{ key: 'Weight', value: '1' }]) }] },
        'Validation Failed: skuStockList[0].spData: Weight: does not exist',
      ],
      [
        { skuStockList: [{ price: -1, spData: sp('Red', 'S') }] },
        'Validation Failed: skuStockList[0].price: must be >= 0',
      ],
      [
        { productAttributeValueList: [{ productAttributeId: f.color, value: 'Red,,Blue' }] },
        `Validation Failed: productAttributeValueList[0].value: ${VALUES}`,
      ],
      [
        { productAttributeValueList: [{ productAttributeId: f.color, value: 'Red,Red' }] },
        `Validation Failed: productAttributeValueList[0].value: ${VALUES}`,
      ],
      [
        { productAttributeValueList: [{ productAttributeId: 1, value: 'x' }] },
        'Validation Failed: productAttributeValueList[0].productAttributeId: does not exist',
      ],
      [
        {
          productLadderList: [
            { count: 1, discount: 9 },
            { count: 2, discount: 8 },
            { count: 3, discount: 7 },
            { count: 4, discount: 6 },
          ],
        },
        'Validation Failed: productLadderList: At most 3 items may be added',
      ],
      [
        { promotionType: 3, productLadderList: [] },
        'Validation Failed: productLadderList: At least one item must remain',
      ],
      [
        { promotionType: 3, productLadderList: [{ count: 0, discount: 9 }] },
        'Validation Failed: productLadderList[0].count: must be >= 1',
      ],
      [
        { promotionType: 3, productLadderList: [{ count: 1, discount: 11 }] },
        'Validation Failed: productLadderList[0].discount: must be <= 10',
      ],
      [
        { promotionType: 4, productFullReductionList: [] },
        'Validation Failed: productFullReductionList: At least one item must remain',
      ],
      [
        { promotionType: 4, productFullReductionList: [{ fullPrice: 100, reducePrice: 100 }] },
        'Validation Failed: productFullReductionList[0].reducePrice: must be > 0 and below the full price',
      ],
      [
        { productFullReductionList: [1, 2, 3, 4].map((n) => ({ fullPrice: n * 100, reducePrice: n })) },
        'Validation Failed: productFullReductionList: At most 3 items may be added',
      ],
      [{ promotionType: 2, memberPriceList: [] }, 'Validation Failed: memberPriceList: At least one item must remain'],
      [
        { memberPriceList: [{ memberLevelId: 999, memberPrice: 1 }] },
        'Validation Failed: memberPriceList[0].memberLevelId: does not exist',
      ],
      [{ promotionType: 1 }, 'Validation Failed: promotionPrice: is required'],
      [{ promotionType: 1, promotionPrice: 9 }, 'Validation Failed: promotionStartTime: is required'],
      [
        { promotionType: 1, promotionPrice: 9, promotionStartTime: '2030-01-02T00:00:00Z' },
        'Validation Failed: promotionEndTime: is required',
      ],
      [
        {
          promotionType: 1,
          promotionPrice: 9,
          promotionStartTime: '2030-01-02T00:00:00Z',
          promotionEndTime: '2030-01-01T00:00:00Z',
        },
        'Validation Failed: promotionEndTime: must be after the start time',
      ],
      [{ skuStockList: 'nope' }, 'Validation Failed: skuStockList: must be an array'],
    ];
    for (const [extra, message] of bad) {
      const env = await call('POST', '/product/create', productBody(f, extra));
      expect({ extra, message: env.message, code: env.code }).toEqual({ extra, message, code: 404 });
    }
    expect(await total()).toBe(before);
    // A promotion's price and times are required by the schema (`requiredWhen`): all three named at once, on create
    // and on an update that switches the strategy, where the stored values stand in for those not sent.
    const promotion = ['promotionEndTime', 'promotionPrice', 'promotionStartTime'];
    const none = await call('POST', '/product/create', productBody(f, { promotionType: 1 }));
    expect(Object.keys(none.data.errors).sort()).toEqual(promotion);
    const made = (await call('POST', '/product/create', productBody(f, {}))).data;
    const switched = await call('POST', `/product/update/${made.id}`, { promotionType: 1, promotionPrice: 5 });
    expect(Object.keys(switched.data.errors).sort()).toEqual(['promotionEndTime', 'promotionStartTime']);
    const window = { promotionStartTime: '2030-01-01T00:00:00Z', promotionEndTime: '2030-01-02T00:00:00Z' };
    expect(await call('POST', `/product/update/${made.id}`, window)).toMatchObject({ code: 200 });
    expect(await call('POST', `/product/update/${made.id}`, { promotionType: 1 })).toMatchObject({
      message: 'Validation Failed: promotionPrice: is required',
    });
  });

  it('updates the composite in one transaction: lists replaced, SKUs matched by id, counts follow', async () => {
    const made = await create();
    const [red, blue] = made.skuStockList;
    const env = await call('POST', `/product/update/${made.id}`, {
      ...made,
      name: 'Fixture Tee v2',
      productCategoryId: f.otherLeafId,
      promotionType: 4,
      productFullReductionList: [{ fullPrice: 100, reducePrice: 10 }],
      skuStockList: [
        { ...blue, price: 30 },
        { price: 22, stock: 3, spData: sp('Green', 'L') },
      ],
      productAttributeValueList: [{ productAttributeId: f.material, value: 'Linen' }],
    });
    expect(env.code).toBe(200);
    const got = await info(made.id);
    expect(got).toMatchObject({ name: 'Fixture Tee v2', productCategoryName: 'Other P', promotionType: 4 });
    expect(got.skuStockList.map((k: any) => [k.id === blue.id, k.price, k.spData])).toEqual([
      [true, 30, sp('Blue', 'M')],
      [false, 22, sp('Green', 'L')],
    ]);
    expect(got.skuStockList.some((k: any) => k.id === red.id)).toBe(false);
    expect(got.productFullReductionList).toMatchObject([{ fullPrice: 100, reducePrice: 10 }]);
    expect(got.productAttributeValueList.map((v: any) => v.value)).toEqual(['Linen']);
    // A refused update changes nothing, not even the product row.
    const bad = await call('POST', `/product/update/${made.id}`, { name: 'Changed', skuStockList: [] });
    expect(bad).toMatchObject({ code: 404, message: NO_SKU });
    expect((await info(made.id)).name).toBe('Fixture Tee v2');
    const dup = await call('POST', `/product/update/${made.id}`, {
      name: 'Changed',
      skuStockList: [{ id: red.id, price: 1 }],
    });
    expect(dup.message).toBe('Validation Failed: skuStockList[0].id: does not exist');
    expect((await call('POST', '/product/update/999999', { name: 'Ghost' })).code).toBe(404);
    expect((await call('POST', `/product/update/${made.id}`, { productCategoryId: null })).message).toBe(
      'Validation Failed: productCategoryId: does not exist',
    );
  });

  it('a partial update changes only what it names', async () => {
    const made = await create({ publishStatus: 1, recommandStatus: 1, sort: 7 });
    expect((await call('POST', `/product/update/${made.id}`, { name: 'Only the name' })).code).toBe(200);
    const got = await info(made.id);
    expect(got).toEqual({ ...made, name: 'Only the name', rowVersion: made.rowVersion + 1 });
  });

  it('batch actions refuse a missing selection or operation type and change nothing', async () => {
    const a = await create({ publishStatus: 0 });
    const cases: [Record<string, string>, string][] = [
      [{ publishStatus: '1' }, SELECT_RECORD],
      [{ ids: '', publishStatus: '1' }, SELECT_RECORD],
      [{ ids: String(a.id) }, SELECT_TYPE],
      [{ ids: String(a.id), publishStatus: '' }, SELECT_TYPE],
    ];
    for (const [query, message] of cases) {
      expect(await call('POST', '/product/update/publishStatus', undefined, { query })).toMatchObject({
        code: 404,
        message,
      });
      expect(await call('POST', '/product/update/publishStatus', query, { form: true })).toMatchObject({
        code: 404,
        message,
      });
    }
    expect(
      (await call('POST', '/product/update/publishStatus', undefined, { query: { ids: a.id, publishStatus: 5 } })).code,
    ).toBe(404);
    expect((await info(a.id)).publishStatus).toBe(0);
  });

  it('batch publish / new / recommend / verify, transfer to category, recycle bin and restore', async () => {
    const a = await create();
    const b = await create({ productSn: 'FX-2' });
    const ids = `${a.id},${b.id}`;
    for (const [param, field] of [
      ['publishStatus', 'publishStatus'],
      ['newStatus', 'newStatus'],
      ['recommendStatus', 'recommandStatus'],
      ['verifyStatus', 'verifyStatus'],
    ]) {
      const env = await call('POST', `/product/update/${param}`, undefined, {
        query: { ids, [param]: 1, detail: 'ok' },
      });
      expect(env).toMatchObject({ code: 200, data: 2 });
      expect((await info(a.id))[field]).toBe(1);
    }
    const catBefore = await count(`/productCategory/${f.otherLeafId}`);
    expect(
      await call(
        'POST',
        '/product/update/productCategoryId',
        { ids, productCategoryId: String(f.otherLeafId) },
        { form: true },
      ),
    ).toMatchObject({ data: 2 });
    expect(await info(b.id)).toMatchObject({ productCategoryId: f.otherLeafId, productCategoryName: 'Other P' });
    expect(await count(`/productCategory/${f.otherLeafId}`)).toBe(catBefore + 2);
    expect(
      (
        await call('POST', '/product/update/productCategoryId', undefined, {
          query: { ids, productCategoryId: 999999 },
        })
      ).message,
    ).toBe('Validation Failed: productCategoryId: does not exist');

    const brandBefore = await count(`/brand/${f.brandId}`);
    expect(
      await call('POST', '/product/update/deleteStatus', undefined, { query: { ids, deleteStatus: 1 } }),
    ).toMatchObject({ data: 2 });
    expect((await list({ ids })).data.list).toEqual([]);
    expect((await list({ ids, deleteStatus: 1 })).data.total).toBe(2);
    expect(await count(`/brand/${f.brandId}`)).toBe(brandBefore - 2);
    expect(
      await call('POST', '/product/update/deleteStatus', undefined, { query: { ids: a.id, deleteStatus: 0 } }),
    ).toMatchObject({ data: 1 });
    expect((await list({ ids })).data.list.map((p: { id: number }) => p.id)).toEqual([a.id]);
    expect(await count(`/brand/${f.brandId}`)).toBe(brandBefore - 1);
  });

  it('deletes for good (children cascade, counts follow) and answers simpleList', async () => {
    const a = await create({ name: 'Zebra Unique Shirt' });
    const simple = await call('GET', '/product/simpleList', undefined, { query: { keyword: 'Zebra Unique' } });
    expect(simple.data.map((p: { id: number }) => p.id)).toEqual([a.id]);
    const brandBefore = await count(`/brand/${f.brandId}`);
    expect(await call('POST', `/product/delete/${a.id}`)).toMatchObject({ code: 200, data: 1 });
    expect((await call('GET', `/product/updateInfo/${a.id}`)).code).toBe(404);
    expect((await call('GET', `/sku/${a.id}`)).code).toBe(404);
    expect(await count(`/brand/${f.brandId}`)).toBe(brandBefore - 1);
    expect((await call('POST', `/product/delete/${a.id}`)).code).toBe(404);
  });

  it('keeps sellers to their own shops; SKUs carry the product shop', async () => {
    const seller = await s.login('seller', 'seller123');
    const other = await s.login('seller2', 'seller123');
    const asSeller: Call = (m, p, b, o = {}) => s.api(m, p, b, { token: seller, ...o });
    const mine = await asSeller('GET', '/product/list', undefined, { query: { pageSize: 1000 } });
    expect(mine.code).toBe(200);
    const shops = new Set(mine.data.list.map((p: { shopId: number }) => p.shopId));
    expect(shops.size).toBeGreaterThan(0);
    const theirs = (await s.api('GET', '/product/list', undefined, { token: other, query: { pageSize: 1000 } })).data
      .list;
    expect(theirs.some((p: { shopId: number }) => shops.has(p.shopId))).toBe(false);

    const made = (await asSeller('POST', '/product/create', productBody(f, { shopId: 999 }))).message;
    expect(made).toBe('Validation Failed: shopId: is not one of your shops');
    const ownShops = (await asSeller('GET', '/shop/list')).data.list.map((x: { id: number }) => x.id);
    const own = (await asSeller('POST', '/product/create', productBody(f, { shopId: ownShops[1] }))).data;
    expect(own.shopId).toBe(ownShops[1]);
    expect(own.skuStockList.every((k: { shopId: number }) => k.shopId === own.shopId)).toBe(true);

    const foreign = theirs[0].id;
    expect((await asSeller('GET', `/product/updateInfo/${foreign}`)).code).toBe(404);
    expect((await asSeller('POST', `/product/update/${foreign}`, { name: 'Hijack' })).code).toBe(404);
    expect(
      await asSeller('POST', '/product/update/publishStatus', undefined, { query: { ids: foreign, publishStatus: 0 } }),
    ).toMatchObject({ data: 0 });
    expect((await asSeller('GET', `/sku/${foreign}`)).code).toBe(404);
    expect((await asSeller('POST', `/product/delete/${foreign}`)).code).toBe(404);
    expect((await info(foreign)).name).toBe(theirs[0].name);

    // Review is the platform's: a seller can neither batch-verify nor set verifyStatus through the form.
    expect(
      (await asSeller('POST', '/product/update/verifyStatus', undefined, { query: { ids: own.id, verifyStatus: 1 } }))
        .code,
    ).toBe(403);
    const stored = (await info(own.id)).verifyStatus;
    expect((await asSeller('POST', `/product/update/${own.id}`, { verifyStatus: 1 - stored })).code).toBe(200);
    expect((await info(own.id)).verifyStatus).toBe(stored);
    expect((await s.api('GET', '/admin/info', undefined, { token: seller })).data.platform).toBe(false);
    expect((await call('GET', '/admin/info')).data.platform).toBe(true);

    // Naming no shop (null or empty) on update moves nothing.
    for (const shopId of [null, '']) {
      expect((await asSeller('POST', `/product/update/${own.id}`, { shopId })).code).toBe(200);
      expect((await info(own.id)).shopId).toBe(own.shopId);
    }
  });

  it('copies a renamed brand onto its products', async () => {
    const brand = (await call('POST', '/brand/create', { name: 'Old Brand Name' })).data;
    const p = await create({ brandId: brand.id });
    expect(p.brandName).toBe('Old Brand Name');
    expect((await call('POST', `/brand/update/${brand.id}`, { name: 'New Brand Name' })).data).toMatchObject({
      name: 'New Brand Name',
      productCount: 1,
    });
    expect((await info(p.id)).brandName).toBe('New Brand Name');
    expect((await call('POST', `/brand/update/${brand.id}`, { name: 'x' })).code).toBe(404);
    expect((await info(p.id)).brandName).toBe('New Brand Name');
  });

  it('keeps everything after a restart', async () => {
    const made = await create({ name: 'Persistent Tee' });
    await s.restart();
    token = await s.login('admin', 'admin123');
    expect(await info(made.id)).toEqual(made);
  });
});
