import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatus } from '../../generated/enums';
import { dialects, startServer, type TestServer } from './helpers';

/**
 * An import adds its products to their brand's and categories' `product_count` batch by batch (catalog/counts.ts,
 * `countNewProducts`) instead of counting every product again: the counts stay those a recount gives, after an import
 * (products in the recycle bin left out, a sub-category's products in its top category's count too), after an import
 * refused before storing, and after one whose stored rows were removed again.
 */
describe.each(dialects)('product counts beside imports on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  let ids: { brand: number; category: number; parent: number; shop: number };

  const post = async (path: string, csv: string) =>
    (
      await fetch(`${s.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      })
    ).json();
  const job = async (id: number) => (await s.api('GET', `/job/${id}`, undefined, { token })).data;
  const ended = [JobStatus.done, JobStatus.failed, JobStatus.cancelled] as number[];
  const pause = () => new Promise((r) => setTimeout(r, 20));
  const finished = async (id: number) => {
    for (let j = await job(id); ; j = await job(id)) {
      if (ended.includes(j.status)) return j;
      await pause();
    }
  };
  const storing = async (id: number) => {
    for (let j = await job(id); ; j = await job(id)) {
      expect(ended, JSON.stringify(j)).not.toContain(j.status);
      if (j.status === JobStatus.running && j.total && j.done >= j.total) return;
      await pause();
    }
  };
  /** The stored counts, each beside the count of the products themselves. */
  const counts = async () => {
    const n = async (sql: string, params: unknown[]) =>
      Number((await s.built.db.all<{ n: number }>(sql, params))[0]!.n);
    const live = 'SELECT count(*) AS n FROM pms_product WHERE delete_status = 0 AND ';
    return {
      brand: await n('SELECT product_count AS n FROM pms_brand WHERE id = ?', [ids.brand]),
      brandRecount: await n(`${live}brand_id = ?`, [ids.brand]),
      category: await n('SELECT product_count AS n FROM pms_product_category WHERE id = ?', [ids.category]),
      categoryRecount: await n(`${live}product_category_id = ?`, [ids.category]),
      parent: await n('SELECT product_count AS n FROM pms_product_category WHERE id = ?', [ids.parent]),
      parentRecount: await n(
        `${live}product_category_id IN (SELECT id FROM pms_product_category WHERE id = ? OR parent_id = ?)`,
        [ids.parent, ids.parent],
      ),
    };
  };
  const exact = (c: Awaited<ReturnType<typeof counts>>) => {
    expect(c.brand).toBe(c.brandRecount);
    expect(c.category).toBe(c.categoryRecount);
    expect(c.parent).toBe(c.parentRecount);
  };
  const csv = (prefix: string, n: number, recycled = 0, brand = ids.brand) =>
    [
      'name,subTitle,description,productCategoryId,brandId,shopId,price,deleteStatus',
      ...Array.from(
        { length: n },
        (_, i) =>
          `${prefix} ${i},Warm light,A lamp,${ids.category},${i === n - 1 ? brand : ids.brand},${ids.shop},19.9,${i < recycled ? 1 : 0}`,
      ),
    ].join('\n');

  beforeAll(async () => {
    // Batches of ten: an import of a few dozen rows is stored in several transactions.
    s = await startServer({
      dialect,
      config: { jobs: { poll: 50, keep: 86_400_000, batch: 10, lanes: 2, rest: 20, slice: 10 } },
    });
    token = await s.login('admin', 'admin123');
    const [sub] = await s.built.db.all<{ id: number; parent_id: number }>(
      'SELECT id, parent_id FROM pms_product_category WHERE parent_id <> 0 ORDER BY id LIMIT 1',
      [],
    );
    const [product] = await s.built.db.all<{ brand_id: number; shop_id: number }>(
      'SELECT brand_id, shop_id FROM pms_product ORDER BY id LIMIT 1',
      [],
    );
    ids = {
      brand: Number(product!.brand_id),
      category: Number(sub!.id),
      parent: Number(sub!.parent_id),
      shop: Number(product!.shop_id),
    };
  });
  afterAll(async () => s?.close());

  it('adds an import job’s live products to its brand, category and top category', async () => {
    const before = await counts();
    exact(before);
    const { data } = await post('/product/import/job', csv('Counted lamp', 45, 7));
    expect(await finished(data.id)).toMatchObject({ status: JobStatus.done, result: { imported: 45 } });
    const after = await counts();
    exact(after);
    expect(after.brand - before.brand).toBe(38);
    expect(after.category - before.category).toBe(38);
    expect(after.parent - before.parent).toBe(38);
  });

  it('adds the synchronous import’s products the same way', async () => {
    const before = await counts();
    expect(await post('/product/import', csv('Counted sync lamp', 23, 3))).toMatchObject({
      code: 200,
      data: { imported: 23 },
    });
    const after = await counts();
    exact(after);
    expect(after.brand - before.brand).toBe(20);
    expect(after.parent - before.parent).toBe(20);
  });

  it('keeps the counts of an import refused before it stores a row', async () => {
    const before = await counts();
    const refused = await post('/product/import', csv('Refused lamp', 30, 0, 999_999));
    expect(refused.code).not.toBe(200);
    expect(await counts()).toEqual(before);
  });

  it('takes back what an import stored once a row is refused at store time', async () => {
    const before = await counts();
    const gone = await s.api('POST', '/brand/create', { name: 'Counts store-time brand' }, { token });
    expect(gone.code, gone.message).toBe(200);
    const { data } = await post('/product/import/job', csv('Removed lamp', 60, 5, gone.data.id));
    await storing(data.id);
    // The last row's brand goes away while the rows before it are stored: those are removed again.
    expect((await s.api('POST', `/brand/delete/${gone.data.id}`, undefined, { token })).code).toBe(200);
    expect(await finished(data.id)).toMatchObject({ status: JobStatus.failed, result: { imported: 0 } });
    const after = await counts();
    exact(after);
    expect(after).toEqual(before);
  });
});
