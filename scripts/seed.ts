/**
 * Grows the catalog of the configured database (DATA_DIR / DATABASE_URL) for benchmarks:
 *   npm run seed -- --products 1000000 [--batch 20000]
 *   npm run seed -- --orders 1000000 [--batch 20000]
 * Migrates and seeds the demo data first when the database is new, then adds generated products with SKUs in big
 * transactions with a progress bar, re-indexes, refreshes brand/category counts and prints the rate.
 * Run it with the server stopped (a running server keeps cached totals).
 */
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import { loadConfig } from '../src/server/core/config.js';
import { setPasswordHashCost } from '../src/server/core/auth.js';
import { connect, sqliteFile } from '../src/server/core/db.js';
import { migrate } from '../src/server/core/migrate.js';
import { writeTx } from '../src/server/core/crud.js';
import { seed } from '../src/server/domains/seed/index.js';
import { refreshProductCounts } from '../src/server/domains/catalog/counts.js';
import { loadCatalogRefs } from '../src/server/domains/seed/catalog-generate.js';
import type { GrowJob, GrowResult } from '../src/server/domains/seed/catalog-grow.js';
import { growSqlite } from '../src/server/domains/seed/catalog-grow-sqlite.js';
import { growPostgres } from '../src/server/domains/seed/catalog-grow-pg.js';
import { growOrders } from '../src/server/domains/seed/orders-grow.js';

const given = (name: string) => process.argv.slice(2).some((a) => a === `--${name}` || a.startsWith(`--${name}=`));

function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return fallback;
  const raw = args[i].includes('=') ? args[i].split('=')[1] : args[i + 1];
  const n = Number(String(raw).replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer, got ${raw}`);
  return n;
}

async function main() {
  // Products by default; orders only when asked (`--orders N`), products too when both are named.
  const orders = given('orders') ? option('orders', 0) : 0;
  const count = given('products') || !orders ? option('products', 100_000) : 0;
  const batch = option('batch', 20_000);
  const config = loadConfig(process.env, { logger: false });
  setPasswordHashCost(config.passwordHashCost);
  const db = connect(config);
  await migrate(db);
  await seed(db, { demo: config.demo, adminPassword: config.adminPassword, apiBase: config.apiBase });
  await db.close();
  if (count) await growProducts(config, count, batch);
  if (orders) await addOrders(connect(config), orders, batch);
}

async function addOrders(db: ReturnType<typeof connect>, count: number, batch: number) {
  console.log(`Adding ${count.toLocaleString('en')} orders with their lines`);
  const bar = new cliProgress.SingleBar(
    { format: 'Orders [{bar}] {percentage}% | {value}/{total} | {speed} orders/s | ETA {eta}s' },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(count, 0, { speed: 0 });
  let result;
  try {
    result = await growOrders(db, count, batch, (done) =>
      bar.update(done, { speed: Math.round(done / ((performance.now() - started) / 1000)) }),
    );
    // Fresh statistics and visibility map, so the planner reads the grown tables by their indexes alone.
    await sql.raw(db.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'PRAGMA optimize').execute(db.kysely);
  } finally {
    bar.stop();
    await db.close();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Added ${result.orders.toLocaleString('en')} orders and ${result.lines.toLocaleString('en')} lines in ${seconds.toFixed(1)} s` +
      ` (${Math.round(result.orders / seconds).toLocaleString('en')} orders/s)`,
  );
}

async function growProducts(config: ReturnType<typeof loadConfig>, count: number, batch: number) {
  let db = connect(config);
  const refs = await loadCatalogRefs(db.kysely, config.apiBase);
  await db.close();
  if (!refs.length) throw new Error('No demo categories found: the catalog seed runs on an empty database only.');

  const target = config.databaseUrl ? 'PostgreSQL' : sqliteFile(config);
  console.log(`Adding ${count.toLocaleString('en')} products with SKUs to ${target}`);
  const bar = new cliProgress.SingleBar(
    {
      format: 'Products [{bar}] {percentage}% | {value}/{total} | {speed} products/s | ETA {eta}s',
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(count, 0, { speed: 0 });
  const job: GrowJob = {
    refs,
    count,
    batch,
    onProgress: (done) => bar.update(done, { speed: Math.round(done / ((performance.now() - started) / 1000)) }),
  };
  let result: GrowResult;
  try {
    result = config.databaseUrl
      ? await growPostgres(config.databaseUrl, job)
      : await growSqlite(sqliteFile(config), job);
  } finally {
    bar.stop();
  }
  const t0 = performance.now();
  db = connect(config);
  await writeTx(db, ['pms_brand', 'pms_product_category'], (trx) => refreshProductCounts(trx));
  await db.close();
  const countsSeconds = (performance.now() - t0) / 1000;
  const seconds = (performance.now() - started) / 1000;
  const rows = result.products + result.skus;
  console.log(
    `Added ${result.products.toLocaleString('en')} products and ${result.skus.toLocaleString('en')} SKUs in ${seconds.toFixed(1)} s` +
      ` (${Math.round(result.products / seconds).toLocaleString('en')} products/s, ${Math.round(rows / seconds).toLocaleString('en')} rows/s;` +
      ` re-indexing ${result.indexSeconds.toFixed(1)} s, counts ${countsSeconds.toFixed(1)} s)`,
  );
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
