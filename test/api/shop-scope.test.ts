import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/core/config';
import { connect } from '../../src/server/core/db';
import { migrate, MIGRATIONS_DIR } from '../../src/server/core/migrate';
import { dynamic } from '../../src/server/core/crud/dynamic';
import type { TableName } from '../../generated/database';
import { ShopSelfOperated } from '../../generated/enums';
import { makeFixture, productBody, type Call, type Fixture } from './catalog-fixtures';
import { createPgDatabase, dialects, startServer, type TestServer } from './helpers';

const CHOOSE = 'Validation Failed: shopId: choose the shop it belongs to';

/** Every shop-scoped record (x-admin.tenant) is stored with a shop the caller may use: never none, never guessed. */
describe.each(dialects)('shop of new shop-scoped records on %s', (dialect) => {
  let s: TestServer;
  const t: Record<string, string> = {};
  let f: Fixture;
  let mine: number[]; // seller's two shops
  let single: number; // seller2's only shop
  const as =
    (who: string): Call =>
    (m, p, b, o = {}) =>
      s.api(m, p, b, { token: t[who], ...o });
  const totals = async () => ({
    products: (await as('admin')('GET', '/product/list', undefined, { query: { pageSize: 1 } })).data.total,
    members: (await as('admin')('GET', '/member/list', undefined, { query: { pageSize: 1 } })).data.total,
  });

  beforeAll(async () => {
    s = await startServer({ dialect });
    for (const [u, p] of [
      ['admin', 'admin123'],
      ['seller', 'seller123'],
      ['seller2', 'seller123'],
      ['operator', 'operator123'],
    ]) {
      t[u] = await s.login(u, p);
    }
    f = await makeFixture(as('admin'), 'Shop');
    mine = (await as('seller')('GET', '/shop/list')).data.list.map((x: { id: number }) => x.id);
    single = (await as('seller2')('GET', '/shop/list')).data.list[0].id;
  });
  afterAll(async () => s?.close());

  it('platform staff naming no shop write to the platform shop; a shop that does not exist is refused', async () => {
    const own = (await as('admin')('GET', '/shop/list', undefined, { query: { pageSize: 100 } })).data.list.find(
      (x: { selfOperated: number }) => x.selfOperated === ShopSelfOperated.yes,
    ).id;
    for (const who of ['admin', 'operator']) {
      for (const [i, shopId] of [undefined, null, ''].entries()) {
        const made = await as(who)('POST', '/product/create', productBody(f, { shopId, productSn: `PS-${who}-${i}` }));
        expect(made.code, JSON.stringify(made)).toBe(200);
        expect(made.data.shopId).toBe(own);
      }
      const before = await totals();
      const missing = await as(who)('POST', '/product/create', productBody(f, { shopId: 999999 }));
      expect(missing).toMatchObject({ code: 404, message: 'Validation Failed: shopId: does not exist' });
      expect(await totals()).toEqual(before);
    }
    const member = await as('admin')('POST', '/member/create', { username: 'no.shop' });
    expect(member.code, JSON.stringify(member)).toBe(200);
    expect((await as('admin')('GET', `/member/${member.data.id}`)).data.shopId).toBe(own);
    const made = (await as('operator')('POST', '/product/create', productBody(f, { shopId: single }))).data;
    expect(made.shopId).toBe(single);
    expect(made.skuStockList.map((k: { shopId: number }) => k.shopId)).toEqual([single, single]);
  });

  it('a seller with several shops must choose one of its own; its SKUs follow', async () => {
    const before = await totals();
    expect(await as('seller')('POST', '/product/create', productBody(f, { shopId: undefined }))).toMatchObject({
      code: 404,
      message: CHOOSE,
    });
    expect(await as('seller')('POST', '/member/create', { username: 'several.none' })).toMatchObject({
      code: 404,
      message: CHOOSE,
    });
    const foreign = await as('seller')('POST', '/product/create', productBody(f, { shopId: single }));
    expect(foreign).toMatchObject({ code: 404, message: 'Validation Failed: shopId: is not one of your shops' });
    expect(await totals()).toEqual(before);
    const made = (await as('seller')('POST', '/product/create', productBody(f, { shopId: mine[1] }))).data;
    expect(made.shopId).toBe(mine[1]);
    expect(made.skuStockList.every((k: { shopId: number }) => k.shopId === mine[1])).toBe(true);
    // moving the product moves its SKUs
    const moved = (await as('seller')('POST', `/product/update/${made.id}`, { shopId: mine[0] })).data;
    expect(moved.shopId).toBe(mine[0]);
    expect(moved.skuStockList.every((k: { shopId: number }) => k.shopId === mine[0])).toBe(true);
  });

  it('a seller with exactly one shop naming none gets that shop', async () => {
    const p = (await as('seller2')('POST', '/product/create', productBody(f, { shopId: undefined }))).data;
    expect(p.shopId).toBe(single);
    expect(p.skuStockList.every((k: { shopId: number }) => k.shopId === single)).toBe(true);
    const m = (await as('seller2')('POST', '/member/create', { username: 'single.shop' })).data;
    expect(m.shopId).toBe(single);
  });
});

/**
 * 0004_repair_shopless_rows: runs the migrations before it, stores rows without a shop (as older versions did), then
 * the rest: products and members get the lowest shop id, SKUs their product's shop.
 */
describe.each(dialects)('repairing shopless rows on %s', (dialect) => {
  it('gives every shopless row a shop', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-mig-'));
    const pgDb = dialect === 'postgres' ? await createPgDatabase() : null;
    const db = connect(loadConfig({}, { dataDir: dir, sqliteFile: path.join(dir, 't.db'), databaseUrl: pgDb?.url }));
    try {
      const early = path.join(dir, 'early');
      fs.mkdirSync(path.join(early, dialect), { recursive: true });
      const repair = fs
        .readdirSync(path.join(MIGRATIONS_DIR, dialect))
        .filter((n) => n.endsWith('.sql'))
        .sort()
        .filter((n) => n < '0004');
      for (const n of repair) fs.copyFileSync(path.join(MIGRATIONS_DIR, dialect, n), path.join(early, dialect, n));
      await migrate(db, early);

      const k = dynamic(db.kysely);
      const id = async (table: TableName, values: Record<string, unknown>) =>
        Number((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()).id);
      const shopB = await id('ums_shop', { shop_name: 'Second' });
      const shopA = await id('ums_shop', { shop_name: 'First' });
      const lowest = Math.min(shopA, shopB);
      const cat = await id('pms_product_category', { name: 'Cat' });
      const product = (shop: number | null) =>
        id('pms_product', { product_category_id: cat, name: 'P', sub_title: 's', description: 'd', shop_id: shop });
      const orphan = await product(null);
      const placed = await product(shopB);
      const skuOrphan = await id('pms_sku_stock', { product_id: orphan, shop_id: null });
      const skuWrong = await id('pms_sku_stock', {
        product_id: placed,
        shop_id: lowest === shopB ? Math.max(shopA, shopB) : lowest,
      });
      const skuNull = await id('pms_sku_stock', { product_id: placed, shop_id: null });
      const member = await id('ums_member', { username: 'm', shop_id: null });

      expect(await migrate(db)).toContain('0004_repair_shopless_rows.sql');
      const shopOf = async (table: TableName, rowId: number) =>
        Number((await k.selectFrom(table).select('shop_id').where('id', '=', rowId).executeTakeFirstOrThrow()).shop_id);
      expect(await shopOf('pms_product', orphan)).toBe(lowest);
      expect(await shopOf('pms_product', placed)).toBe(shopB);
      expect(await shopOf('ums_member', member)).toBe(lowest);
      expect(await shopOf('pms_sku_stock', skuOrphan)).toBe(lowest);
      expect(await shopOf('pms_sku_stock', skuWrong)).toBe(shopB);
      expect(await shopOf('pms_sku_stock', skuNull)).toBe(shopB);
    } finally {
      await db.close();
      await pgDb?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
