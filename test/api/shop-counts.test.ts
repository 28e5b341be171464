import { parse } from 'csv-parse';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { makeFixture, productBody, type Call, type Fixture } from './catalog-fixtures';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * The product counts of brands and categories (platform-wide rows) as each caller sees them: a seller counts its own
 * shops' products only, platform staff every shop's.
 */
describe.each(dialects)('product counts per shop on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  let f: Fixture;
  let brand2: number;
  const as =
    (who: string): Call =>
    (m, p, b, o = {}) =>
      s.api(m, p, b, { token: t[who], ...o });
  /** Expected counts per caller: brand, brand2, top category, leaf, other leaf. */
  const want: Record<string, [number, number, number, number, number]> = {
    admin: [2, 4, 6, 5, 1],
    seller: [2, 1, 3, 2, 1],
    seller2: [0, 3, 3, 3, 0],
  };

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
    ]) {
      t[u] = await s.login(u, p);
    }
    f = await makeFixture(as('admin'), 'Counts');
    brand2 = (await as('admin')('POST', '/brand/create', { name: 'Brand Counts Two' })).data.id;
    const shopOf = async (who: string) => (await as(who)('GET', '/shop/list')).data.list[0].id as number;
    const make = async (who: string, n: number, brandId: number, productCategoryId: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const body = productBody(f, {
          shopId: await shopOf(who),
          brandId,
          productCategoryId,
          productSn: `${who}-${i}`,
        });
        const env = await as(who)('POST', '/product/create', body);
        expect(env.code, env.message).toBe(200);
        ids.push(env.data.id ?? env.data);
      }
      return ids;
    };
    await make('seller', 2, f.brandId, f.leafId);
    await make('seller', 1, brand2, f.otherLeafId);
    const theirs = await make('seller2', 4, brand2, f.leafId);
    // One in the recycle bin: counted by nobody.
    const bin = await as('seller2')('POST', '/product/update/deleteStatus', undefined, {
      query: { ids: theirs[0], deleteStatus: 1 },
    });
    expect(bin.code).toBe(200);
  });
  afterAll(async () => s?.close());

  const count = (rows: { id: number; productCount: number }[], id: number) =>
    rows.find((r) => r.id === id)?.productCount;

  it.each(['admin', 'seller', 'seller2'])('%s sees its own counts on brand lists, records and listAll', async (who) => {
    const [b1, b2] = want[who];
    const list = (await as(who)('GET', '/brand/list', undefined, { query: { ids: `${f.brandId},${brand2}` } })).data;
    expect([count(list.list, f.brandId), count(list.list, brand2)]).toEqual([b1, b2]);
    expect((await as(who)('GET', `/brand/${f.brandId}`)).data.productCount).toBe(b1);
    const all = (await as(who)('GET', '/brand/listAll')).data;
    expect([count(all, f.brandId), count(all, brand2)]).toEqual([b1, b2]);
  });

  it.each(['admin', 'seller', 'seller2'])('%s sees its own counts on every category list', async (who) => {
    const [, , top, leaf, other] = want[who];
    const tops = (await as(who)('GET', '/productCategory/list/0', undefined, { query: { pageSize: 100 } })).data.list;
    expect(count(tops, f.topId)).toBe(top);
    const leaves = (await as(who)('GET', `/productCategory/list/${f.topId}`)).data.list;
    expect([count(leaves, f.leafId), count(leaves, f.otherLeafId)]).toEqual([leaf, other]);
    const generic = (await as(who)('GET', '/productCategory/list', undefined, { query: { parentId: f.topId } })).data;
    expect([count(generic.list, f.leafId), count(generic.list, f.otherLeafId)]).toEqual([leaf, other]);
    expect((await as(who)('GET', `/productCategory/${f.topId}`)).data.productCount).toBe(top);
    const tree = (await as(who)('GET', '/productCategory/list/withChildren')).data;
    const node = tree.find((c: { id: number }) => c.id === f.topId);
    expect(node.productCount).toBe(top);
    expect([count(node.children, f.leafId), count(node.children, f.otherLeafId)]).toEqual([leaf, other]);
  });

  it('sorts by the counts the caller sees', async () => {
    const sorted = async (who: string) =>
      (
        await as(who)('GET', '/brand/list', undefined, {
          query: { ids: `${f.brandId},${brand2}`, sort: 'productCount', order: 'desc' },
        })
      ).data.list.map((b: { id: number }) => b.id);
    expect(await sorted('admin')).toEqual([brand2, f.brandId]);
    expect(await sorted('seller')).toEqual([f.brandId, brand2]);
    expect(await sorted('seller2')).toEqual([brand2, f.brandId]);
  });

  it("exports a seller's own counts", async () => {
    const label = entities.brand.fields.find((x) => x.name === 'productCount')!.label.en;
    for (const who of ['admin', 'seller']) {
      const res = await fetch(`${s.base}/brand/export?ids=${f.brandId},${brand2}&lang=en`, {
        headers: { authorization: `Bearer ${t[who]}` },
      });
      const rows: Record<string, string>[] = [];
      for await (const r of Readable.fromWeb(res.body as never).pipe(parse({ bom: true, columns: true }))) rows.push(r);
      expect(rows.map((r) => Number(r[label]))).toEqual(want[who].slice(0, 2));
    }
  });
});
