/**
 * The benchmark's databases: grown once with `npm run seed` to the sizes asked, then read for the values the
 * requests use (brands, a word of product names, a receiver's name, days with orders, orders waiting to ship).
 */
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '../src/server/core/config.js';
import { connect, type Db } from '../src/server/core/db.js';

export interface Target {
  /** Environment of a server process (and of the seed) on this database. */
  env: Record<string, string>;
  sqliteFile?: string;
  products: number;
  orders: number;
  brands: number;
  productWord: string;
  newestProduct: string;
  receiver: string;
  /** `YYYY-MM-DD` days holding orders, newest first. */
  days: string[];
  orderIds: { min: number; max: number };
  /** Orders waiting to ship, newest first: the write mix ships each once. */
  toShip: number[];
}

type Where = { dir: string; url?: undefined; suffix?: undefined } | { url: string; suffix: string; dir?: undefined };

/** `where` (a SQLite data folder, or a database beside DATABASE_URL's) with at least `products` and `orders`. */
export async function prepare(where: Where & { products: number; orders: number }): Promise<Target> {
  const env: Record<string, string> = { LOG: '0' };
  if (where.dir) Object.assign(env, { DATA_DIR: where.dir, DATABASE_URL: '' });
  else env.DATABASE_URL = await ensureDatabase(where.url!, where.suffix!);
  const open = () =>
    connect((env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : sqliteOf(where.dir!)) as ServerConfig);
  const have = await counts(open);
  const more = ['products', 'orders'].flatMap((k) => {
    const n = where[k as 'products' | 'orders'] - have[k as 'products' | 'orders'];
    return n > 0 ? [`--${k}`, String(n)] : [];
  });
  if (more.length) {
    console.log(`growing ${where.dir ?? env.DATABASE_URL} by ${more.join(' ')}…`);
    execFileSync('npx', ['tsx', 'scripts/seed.ts', ...more], { env: { ...process.env, ...env }, stdio: 'inherit' });
  }
  const db = open();
  try {
    const one = async <T>(sql: string, params: unknown[] = []) => (await db.all<T>(sql, params))[0];
    const n = async (sql: string) => Number((await one<{ n: number }>(sql))?.n ?? 0);
    const newest = await one<{ name: string }>(
      'SELECT name FROM pms_product WHERE delete_status = 0 ORDER BY id DESC LIMIT 1',
    );
    const order = await one<{ receiver_name: string; create_time: string | Date; min: number; max: number }>(
      'SELECT receiver_name, create_time, (SELECT min(id) FROM oms_order) AS min, (SELECT max(id) FROM oms_order) AS max ' +
        'FROM oms_order ORDER BY id DESC LIMIT 1',
    );
    const last = new Date(order.create_time).getTime();
    const toShip = await db.all<{ id: number }>(
      'SELECT id FROM oms_order WHERE status = 1 ORDER BY id DESC LIMIT 30000',
      [],
    );
    return {
      env,
      ...(where.dir && { sqliteFile: sqliteOf(where.dir).sqliteFile }),
      products: await n('SELECT count(*) AS n FROM pms_product'),
      orders: await n('SELECT count(*) AS n FROM oms_order'),
      brands: await n('SELECT count(*) AS n FROM pms_brand'),
      productWord: newest.name.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? 'Phone',
      newestProduct: newest.name,
      receiver: order.receiver_name,
      days: Array.from({ length: 30 }, (_, i) => new Date(last - i * 86_400_000).toISOString().slice(0, 10)),
      orderIds: { min: Number(order.min), max: Number(order.max) },
      toShip: toShip.map((r) => Number(r.id)),
    };
  } finally {
    await db.close();
  }
}

const sqliteOf = (dir: string) => ({ sqliteFile: join(dir, 'marketplace.db') });

async function counts(open: () => Db): Promise<{ products: number; orders: number }> {
  const db = open();
  try {
    const n = async (t: string) => {
      try {
        return Number((await db.all<{ n: number }>(`SELECT count(*) AS n FROM ${t}`, []))[0].n);
      } catch {
        return 0; // not migrated yet
      }
    };
    return { products: await n('pms_product'), orders: await n('oms_order') };
  } finally {
    await db.close();
  }
}

/** `<name><suffix>` beside the database of `url`, created when missing; its URL. */
async function ensureDatabase(url: string, suffix: string): Promise<string> {
  const u = new URL(url);
  const name = `${u.pathname.slice(1) || 'postgres'}${suffix}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Reads a database's files once, so a run measures the server and not the disk: this machine's page cache lets go of
 * a file within a minute or so, and a million rows read at random would otherwise come from the disk in one run and
 * from memory in the next. SQLite: the file; PostgreSQL: every table and index into the OS cache (`pg_prewarm`,
 * skipped when the extension is not installed).
 */
export async function warm(t: Target, file = t.sqliteFile): Promise<void> {
  if (file) {
    for await (const chunk of createReadStream(file, { highWaterMark: 4 << 20 })) void chunk;
    return;
  }
  const client = new pg.Client({ connectionString: t.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_prewarm');
    await client.query(
      `SELECT pg_prewarm(c.oid::regclass, 'read') FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i')`,
    );
  } catch (e) {
    console.warn(`not warmed: ${(e as Error).message}`);
  } finally {
    await client.end();
  }
}
