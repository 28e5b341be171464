/**
 * `DATABASE_URL=postgres://… npx tsx bench/explain.ts [--products 100000] [--suffix _perf]`
 *
 * The statements one product-list request of each shape (bench/shapes.ts, its last page) sends to PostgreSQL, as the
 * generic list builds them (listPage, the super admin's scope, cold count and page caches so the total's and a deep
 * page's anchors' statements are seen too), each with `EXPLAIN (ANALYZE, BUFFERS)` on a database beside
 * DATABASE_URL's (`<name><suffix>`, grown here once with `npm run seed`). Printed as Markdown for bench/RESULTS.md.
 */
import { resolve } from 'node:path';
import type { ServerConfig } from '../src/server/core/config.js';
import { connect } from '../src/server/core/db.js';
import { AuthUsers } from '../src/server/core/auth-users.js';
import { TableCache } from '../src/server/core/crud/table-cache.js';
import { listPage, pageWeight } from '../src/server/core/crud/reads.js';
import { runtime } from '../src/server/core/crud/runtime.js';
import { prepare } from './data.js';
import { PRODUCT_SHAPES } from './shapes.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
/** The deepest page each shape asks for. */
const LAST_PAGE = [3, 3, 250, 3, 1];

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: the PostgreSQL server to grow the database beside');
  const t = await prepare({
    url,
    suffix: arg('suffix', '_perf'),
    products: Number(arg('products', '100000')),
    orders: 10_000,
  });
  const db = connect({ databaseUrl: t.env.DATABASE_URL, dataDir: resolve('data') } as ServerConfig);
  try {
    const admin = await new AuthUsers(db).current(1);
    const sent: [string, unknown[]][] = [];
    const all = db.all.bind(db);
    db.all = async <T>(sql: string, params: readonly unknown[]) => {
      sent.push([sql, [...params]]);
      return all<T>(sql, params);
    };
    console.log(`${t.products.toLocaleString('en')} products, PostgreSQL\n`);
    for (const [i, [name, query]] of PRODUCT_SHAPES.entries()) {
      const q: Record<string, unknown> = {};
      for (const [k, v] of new URLSearchParams(query(t)())) q[k] = /^\d+$/.test(v) ? Number(v) : v;
      q.pageNum = LAST_PAGE[i];
      sent.length = 0;
      const started = performance.now();
      // A cold page cache too: a deep page's statements are its filter's anchors, then the seek from one.
      const ctx = {
        db,
        counts: new TableCache(db.hooks),
        pages: new TableCache(db.hooks, { maxWeight: 2000, weigh: pageWeight }),
      };
      const page = await listPage(ctx, runtime('product'), q, admin ?? undefined);
      const ms = performance.now() - started;
      const statements = [...sent];
      console.log(
        `### ${name}\n\n\`${new URLSearchParams(q as Record<string, string>)}\`: ${page.list.length} rows, total ` +
          `${page.total}${page.totalExact ? '' : '+'}, ${statements.length} statements, ${ms.toFixed(1)} ms (count cache cold)\n`,
      );
      for (const [sql, params] of statements) {
        const plan = await all<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        const text = plan.map((r) => Object.values(r)[0]).join('\n');
        console.log(
          '```\n' +
            sql.replace(/SELECT .{200,}? FROM/, 'SELECT … FROM') +
            `\n-- ${JSON.stringify(params)}\n${text}\n\`\`\`\n`,
        );
      }
    }
  } finally {
    await db.close();
  }
}

await main();
