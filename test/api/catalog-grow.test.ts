/**
 * The grow command end to end: `npm run seed -- --products N` on a fresh database (SQLite data folder, or a new
 * PostgreSQL database when DATABASE_URL is set), then the real app on that database sees every product, finds them
 * by keyword, counts them per brand, and still creates products (indexes, triggers and id sequence restored).
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/core/config';
import { dialects } from './helpers';
import { suiteEnv } from '../db-templates';

const root = path.resolve(import.meta.dirname, '../..');
const GROWN = 500;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe.each(dialects)('grow command on %s', (dialect) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-grow-'));
  const pgName = `grow_${crypto.randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let output = '';
  let built: BuiltApp;
  let token: string;
  const get = async (url: string) =>
    (
      await built.app.inject({ method: 'GET', url: `/api${url}`, headers: { authorization: `Bearer ${token}` } })
    ).json();

  beforeAll(async () => {
    if (dialect === 'postgres') {
      await admin(`CREATE DATABASE ${pgName}`);
      const u = new URL(process.env.DATABASE_URL!);
      u.pathname = `/${pgName}`;
      databaseUrl = u.toString();
    }
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG: '0' };
    output = execFileSync('npx', ['tsx', 'scripts/seed.ts', '--products', String(GROWN), '--batch', '200'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    built = await buildApp(
      loadConfig(suiteEnv(), {
        dataDir: dir,
        databaseUrl: databaseUrl || undefined,
        logger: false,
        jwtSecret: 't',
        uiDir: path.join(dir, 'no-ui'),
      }),
    );
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin123' },
    });
    token = login.json().data.token;
  }, 180_000);

  afterAll(async () => {
    await built?.close();
    if (dialect === 'postgres') await admin(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reports what it added and the rate', () => {
    expect(output).toMatch(new RegExp(`Added ${GROWN} products and [\\d,]+ SKUs in [\\d.]+ s \\([\\d,]+ products/s`));
  });

  it('adds the products with SKUs on top of the demo catalog, findable and counted', async () => {
    const live = (await get('/product/list?pageSize=1')).data.total;
    const bin = (await get('/product/list?pageSize=1&deleteStatus=1')).data.total;
    expect(live + bin).toBe(300 + GROWN);
    const last =
      (await get('/product/list?pageSize=1&sort=id&order=desc&deleteStatus=0')).data.list[0] ??
      (await get('/product/list?pageSize=1&sort=id&order=desc&deleteStatus=1')).data.list[0];
    expect((await get(`/product/list?keyword=${last.productSn}`)).data.list.map((p: { id: number }) => p.id)).toEqual(
      last.deleteStatus ? [] : [last.id],
    );
    expect((await get(`/sku/${last.id}`)).data.length).toBeGreaterThan(0);
    const brands = (await get('/brand/list?pageSize=100')).data.list;
    for (const b of brands.slice(0, 5)) {
      expect(b.productCount).toBe((await get(`/product/list?brandId=${b.id}&pageSize=1`)).data.total);
    }
    // Top categories count their sub-categories' products; the leaves' add up to every live product.
    const tree = (await get('/productCategory/list/withChildren')).data as {
      productCount?: number;
      children: { id: number }[];
      id: number;
    }[];
    const top = (await get(`/productCategory/${tree[0].id}`)).data;
    const leaves = await Promise.all(
      tree[0].children.map(async (c) => (await get(`/productCategory/${c.id}`)).data.productCount as number),
    );
    expect(top.productCount).toBe(leaves.reduce((a, b) => a + b, 0));
    expect(top.productCount).toBe(
      (await get(`/product/list?productCategoryId=${tree[0].children[0].id}&pageSize=1`)).data.total +
        leaves.slice(1).reduce((a, b) => a + b, 0),
    );
  });

  it('leaves the database writable as before (ids, indexes, keyword triggers)', async () => {
    const cat = (await get('/productCategory/list/withChildren')).data[0].children[0];
    const shop = (await get('/shop/list')).data.list[0];
    const res = await built.app.inject({
      method: 'POST',
      url: '/api/product/create',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name: 'After Grow Gizmo',
        subTitle: 's',
        description: 'd',
        productCategoryId: cat.id,
        shopId: shop.id,
      },
    });
    expect(res.json()).toMatchObject({ code: 200 });
    expect((await get(`/product/list?keyword=${encodeURIComponent('After Grow Gizmo')}`)).data.total).toBe(1);
  });
});
