/**
 * The demo data on a fresh database: every picture URL the server hands out resolves through the API base (also a
 * configured one) to an image, creation times tell a history of months, and product counts of categories (parents:
 * the sum of their children) and brands equal the products there are.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startServer, type TestServer } from './helpers';

const DAY = 86_400_000;
type Row = Record<string, unknown>;

/** Picture URLs of a record: single-picture fields and the comma-joined album. */
const picturesOf = (row: Row) =>
  [...['logo', 'bigPic', 'pic', 'icon'].map((f) => row[f]), ...String(row.albumPics ?? '').split(',')].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );

async function fetchImage(s: TestServer, url: string) {
  const res = await s.fetch(`${s.url}${url}`);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    cache: res.headers.get('cache-control') ?? '',
  };
}

describe.each(dialects)('demo data on %s', (dialect) => {
  let s: TestServer;
  let token: string;
  const list = async (path: string, query: Record<string, string | number> = {}) => {
    const env = await s.api('GET', path, undefined, { token, query: { pageSize: 500, ...query } });
    expect(env.code, `${path}: ${env.message}`).toBe(200);
    return env.data.list as Row[];
  };

  beforeAll(async () => {
    s = await startServer({ dialect });
    token = await s.login('admin', 'admin123');
  }, 60_000);
  afterAll(async () => s?.close());

  it('hands out picture URLs under the API base only, each an image anyone can load', async () => {
    const products = [...(await list('/product/list')), ...(await list('/product/list', { deleteStatus: 1 }))];
    const rows: [string, Row[]][] = [
      ['brands', await list('/brand/list')],
      ['products', products],
      ['members', await list('/member/list')],
      ['shops', await list('/shop/list')],
      ['accounts', await list('/admin/list')],
      ['categories', await list('/productCategory/list')],
      ['skus', (await s.api('GET', `/sku/${products[0].id}`, undefined, { token })).data],
      ['admin info', [(await s.api('GET', '/admin/info', undefined, { token })).data]],
    ];
    const urls = new Set<string>();
    for (const [what, list] of rows) {
      const pictures = list.flatMap(picturesOf);
      expect(pictures.length, `${what} have pictures`).toBeGreaterThanOrEqual(list.length);
      for (const url of pictures) {
        expect(url, what).toMatch(new RegExp(`^${s.config.apiBase}/`));
        urls.add(url);
      }
    }
    for (const url of urls) {
      const res = await fetchImage(s, url);
      expect({ url, status: res.status, type: res.type }).toEqual({
        url,
        status: 200,
        type: expect.stringMatching(/^image\/(png|jpeg)$/),
      });
      expect(res.cache).toMatch(/max-age=\d{6,}/);
    }
  });

  it('answers an unknown or crafted demo picture name with the not-found envelope', async () => {
    for (const name of ['nope.png', '..%2Fpackage.json', 'brand-apple.svg']) {
      const res = await fetch(`${s.base}/demo/${name}`);
      expect(await res.json(), name).toMatchObject({ code: 404 });
    }
  });

  it('spreads creation times over more than three months, none in the future', async () => {
    const now = Date.now();
    for (const [what, path] of [
      ['products', '/product/list'],
      ['members', '/member/list'],
      ['shops', '/shop/list'],
      ['accounts', '/admin/list'],
    ]) {
      const times = (await list(path)).map((r) => Date.parse(String(r.createTime)));
      expect(
        times.every((t) => Number.isFinite(t) && t <= now),
        `${what} times valid, not in the future`,
      ).toBe(true);
      expect((Math.max(...times) - Math.min(...times)) / DAY, `${what} span in days`).toBeGreaterThan(90);
    }
  });

  it('counts products per category (a parent: its children together) and per brand as they are', async () => {
    const total = async (query: Record<string, string | number>) =>
      (await s.api('GET', '/product/list', undefined, { token, query: { pageSize: 1, deleteStatus: 0, ...query } }))
        .data.total as number;
    const categories = await list('/productCategory/list');
    const real = new Map<unknown, number>();
    for (const c of categories) real.set(c.id, await total({ productCategoryId: Number(c.id) }));
    for (const c of categories) {
      const children = categories.filter((k) => k.parentId === c.id);
      const expected = real.get(c.id)! + children.reduce((n, k) => n + real.get(k.id)!, 0);
      expect({ category: c.name, productCount: c.productCount }).toEqual({ category: c.name, productCount: expected });
    }
    expect(categories.filter((c) => c.parentId === 0).every((c) => Number(c.productCount) > 0)).toBe(true);
    for (const b of await list('/brand/list')) {
      expect({ brand: b.name, productCount: b.productCount }).toEqual({
        brand: b.name,
        productCount: await total({ brandId: Number(b.id) }),
      });
    }
  });

  it('keeps both top categories right when a product moves to another one', async () => {
    const count = async (id: unknown) =>
      (await s.api('GET', `/productCategory/${id}`, undefined, { token })).data.productCount as number;
    const categories = await list('/productCategory/list');
    const product = (await list('/product/list', { deleteStatus: 0 }))[0];
    const from = categories.find((c) => c.id === product.productCategoryId)!;
    const to = categories.find((c) => c.parentId !== 0 && c.parentId !== from.parentId)!;
    const before = [await count(from.parentId), await count(to.parentId)];
    const moved = await s.api('POST', '/product/update/productCategoryId', undefined, {
      token,
      query: { ids: Number(product.id), productCategoryId: Number(to.id) },
    });
    expect(moved.code).toBe(200);
    expect([await count(from.parentId), await count(to.parentId)]).toEqual([before[0] - 1, before[1] + 1]);
  });
});

describe.each(dialects)('demo pictures of a database seeded before they moved, on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ dialect });
  }, 60_000);
  afterAll(async () => s?.close());

  it('point under /api after the data migration', async () => {
    const db = s.built.db.kysely;
    const product = await db
      .selectFrom('pms_product')
      .select(['id', 'product_category_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    // As the earlier seed stored them (public/demo, outside the API base).
    await db
      .updateTable('pms_product')
      .set({ pic: '/demo/phones-1.png', album_pics: '/demo/phones-1.png,/demo/phones-2.png' })
      .where('id', '=', product.id)
      .execute();
    await db
      .updateTable('pms_product_category')
      .set({ icon: '/demo/books-2.png' })
      .where('id', '=', product.product_category_id)
      .execute();
    await db
      .withTables<{ schema_migrations: { version: string } }>()
      .deleteFrom('schema_migrations')
      .where('version', '=', '0005_demo_pictures_api_base.sql')
      .execute();
    await s.restart();
    const token = await s.login('admin', 'admin123');
    const got = (await s.api('GET', `/product/updateInfo/${product.id}`, undefined, { token })).data;
    const category = (await s.api('GET', `/productCategory/${product.product_category_id}`, undefined, { token })).data;
    const urls = [got.pic, ...got.albumPics.split(','), category.icon];
    expect(urls).toEqual([
      '/api/demo/product-smartphones-1.jpg',
      '/api/demo/product-smartphones-1.jpg',
      '/api/demo/product-smartphones-2.jpg',
      '/api/demo/product-fiction-2.jpg',
    ]);
    for (const url of urls) expect((await fetchImage(s, url)).status).toBe(200);
  });
});

describe('demo pictures under a configured API base', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer({ config: { apiBase: '/mall/admin-api' } });
  }, 60_000);
  afterAll(async () => s?.close());

  it('stores and serves them under that base', async () => {
    const token = await s.login('admin', 'admin123');
    const brand = (await s.api('GET', '/brand/list', undefined, { token, query: { pageSize: 1 } })).data.list[0];
    expect(brand.logo).toMatch(/^\/mall\/admin-api\/demo\/[a-z0-9-]+\.png$/);
    expect((await fetchImage(s, brand.logo)).status).toBe(200);
    // Outside the base there is no picture (the API's not-found envelope).
    expect((await fetchImage(s, brand.logo.replace('/mall/admin-api', ''))).type).not.toMatch(/^image\//);
  });
});
