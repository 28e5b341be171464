import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';
import { makeFixture, productBody, type Call, type Fixture } from './catalog-fixtures';

/** A product's child lists (tiers, member prices, attribute values) go through their generated `item` validators. */
describe.each(dialects)('product child lists on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let f: Fixture;
  const call: Call = (method, path, body, opts = {}) => s.api(method, path, body, { token, ...opts });
  const total = async () =>
    (await call('GET', '/product/list', undefined, { query: { pageSize: 1 } })).data.total as number;
  const info = async (id: number) => (await call('GET', `/product/updateInfo/${id}`)).data;
  const create = async (extra: Record<string, unknown>) => call('POST', '/product/create', productBody(f, extra));

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
    f = await makeFixture(call, 'L');
  });
  afterAll(async () => s?.close());

  it("refuses a quantity discount above 10 (the schema's maximum) on create and update, storing nothing", async () => {
    const made = (await create({ promotionType: 3, productLadderList: [{ count: 2, discount: 9 }] })).data;
    const before = await total();
    const message = 'Validation Failed: productLadderList[0].discount: must be <= 10';
    for (const extra of [
      { productLadderList: [{ count: 1, discount: 11 }] },
      { promotionType: 3, productLadderList: [{ count: 1, discount: '11' }] },
      { promotionType: 3, productLadderList: [{ count: 1, discount: 10.5 }] },
    ]) {
      expect(await create(extra)).toMatchObject({ code: 404, message });
      expect(await call('POST', `/product/update/${made.id}`, extra)).toMatchObject({ code: 404, message });
    }
    expect(await total()).toBe(before);
    const stored = await info(made.id);
    expect(stored.productLadderList.map((l: any) => [l.count, l.discount])).toEqual([[2, 9]]);
    expect(stored.promotionType).toBe(3);
  });

  it('words item problems as every other validation does, naming the item', async () => {
    const before = await total();
    const bad: [Record<string, unknown>, string][] = [
      [{ memberPriceList: [{ memberLevelId: 1, memberPrice: -1 }] }, 'memberPriceList[0].memberPrice: must be >= 0'],
      [
        { productFullReductionList: [{ fullPrice: 'x', reducePrice: 1 }] },
        'productFullReductionList[0].fullPrice: must be a number',
      ],
      [{ productLadderList: [{ count: 1.5, discount: 9 }] }, 'productLadderList[0].count: must be integer'],
      [
        { productAttributeValueList: [{ productAttributeId: f.material, value: 'x'.repeat(1001) }] },
        'productAttributeValueList[0].value: Length must be between 0 and 1000 characters',
      ],
    ];
    for (const [extra, message] of bad)
      expect(await create(extra)).toMatchObject({ code: 404, message: `Validation Failed: ${message}` });
    expect(await total()).toBe(before);
  });

  it('fills in the product itself: a product id or row id sent in an item is ignored; empty fields take their default', async () => {
    const made = await create({
      productSn: 'L-2',
      productLadderList: [{ id: 999999, productId: 999999, count: '', discount: 8 }],
    });
    expect(made.code, made.message).toBe(200);
    const [ladder] = (await info(made.data.id)).productLadderList;
    expect(ladder).toMatchObject({ productId: made.data.id, count: 0, discount: 8 });
    expect(ladder.id).not.toBe(999999);
  });
});
