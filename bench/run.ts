/**
 * `npm run bench [-- --rows 1000000 --requests 2000]`: the generic list endpoint against a hand-tuned Fastify +
 * better-sqlite3 endpoint serving the same table from the same SQLite file, in the same process, through
 * `inject` (no sockets: both pay the same Fastify cost). Prints requests/second and the ratio generic/baseline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/core/config.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROWS = arg('rows', 200_000);
const REQUESTS = arg('requests', 2_000);

const COLUMNS =
  'id, name, first_letter, sort, factory_status, show_status, product_count, product_comment_count, logo, big_pic, brand_story';

function fill(file: string): void {
  const raw = new Database(file);
  const insert = raw.prepare(
    'INSERT INTO pms_brand (name, first_letter, sort, factory_status, show_status, product_count, product_comment_count) VALUES (?, ?, ?, ?, ?, 0, 0)',
  );
  const batch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++)
      insert.run(
        `Brand ${i} ${(i * 7919).toString(36)}`,
        String.fromCharCode(65 + (i % 26)),
        i % 1000,
        i % 2,
        (i >> 1) % 2,
      );
  });
  for (let i = 0; i < ROWS; i += 50_000) batch(i, Math.min(ROWS, i + 50_000));
  raw.close();
}

/** What a careful engineer would write by hand for this one endpoint: prepared statements, cached total. */
function baseline(file: string): FastifyInstance {
  const raw = new Database(file, { readonly: true });
  const page = raw.prepare(`SELECT ${COLUMNS} FROM pms_brand ORDER BY sort DESC, id DESC LIMIT ? OFFSET ?`);
  const byStatus = raw.prepare(
    `SELECT ${COLUMNS} FROM pms_brand WHERE show_status = ? ORDER BY sort DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const byKeyword = raw.prepare(
    `SELECT ${COLUMNS} FROM pms_brand WHERE id IN (SELECT rowid FROM pms_brand_fts WHERE pms_brand_fts MATCH ?) ORDER BY sort DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const total = (raw.prepare('SELECT count(*) AS c FROM pms_brand').get() as { c: number }).c;
  const app = Fastify();
  app.get('/brand/list', async (req) => {
    const qs = req.query as Record<string, string>;
    const pageNum = Number(qs.pageNum ?? 1);
    const pageSize = Number(qs.pageSize ?? 5);
    const offset = (pageNum - 1) * pageSize;
    const rows = qs.keyword
      ? byKeyword.all(`"${qs.keyword.replace(/"/g, '""')}"`, pageSize, offset)
      : qs.showStatus !== undefined
        ? byStatus.all(Number(qs.showStatus), pageSize, offset)
        : page.all(pageSize, offset);
    return {
      code: 200,
      message: 'Success',
      data: { pageNum, pageSize, totalPage: Math.ceil(total / pageSize), total, list: rows },
    };
  });
  app.addHook('onClose', async () => raw.close());
  return app;
}

async function rate(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<number> {
  for (let i = 0; i < 50; i++) await app.inject({ url, headers }); // warm-up: statements, caches, JIT
  const start = process.hrtime.bigint();
  for (let i = 0; i < REQUESTS; i++) {
    const res = await app.inject({ url, headers });
    if (res.statusCode !== 200 || !res.body.includes('"code":200'))
      throw new Error(`${url}: ${res.body.slice(0, 200)}`);
  }
  return REQUESTS / (Number(process.hrtime.bigint() - start) / 1e9);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mpa-bench-'));
  const config = loadConfig({}, { dataDir: dir, logger: false, uiDir: join(dir, 'no-ui') });
  const built = await buildApp(config); // migrate + seed
  await built.close();
  console.log(`filling pms_brand with ${ROWS.toLocaleString()} rows...`);
  fill(join(dir, 'marketplace.db'));

  const generic = (await buildApp(config)).app;
  const login = await generic.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { username: 'admin', password: 'admin123' },
  });
  const { token, tokenHead } = login.json().data;
  const auth = { authorization: `${tokenHead}${token}` };
  const hand = baseline(join(dir, 'marketplace.db'));

  const scenarios = [
    ['first page', 'pageNum=1&pageSize=10'],
    ['deep page', `pageNum=${Math.floor(ROWS / 20)}&pageSize=10`],
    ['filter showStatus', 'showStatus=1&pageNum=3&pageSize=10'],
    ['keyword (FTS)', 'keyword=Brand%2012&pageNum=1&pageSize=10'],
  ];
  console.log(`${REQUESTS} requests per scenario, ${ROWS.toLocaleString()} rows\n`);
  console.log('scenario              generic req/s   baseline req/s   ratio');
  for (const [name, qs] of scenarios) {
    const g = await rate(generic, `/api/brand/list?${qs}`, auth);
    const b = await rate(hand, `/brand/list?${qs}`, {});
    console.log(
      `${name.padEnd(22)}${g.toFixed(0).padStart(13)}${b.toFixed(0).padStart(17)}${(g / b).toFixed(2).padStart(8)}`,
    );
  }
  await generic.close();
  await hand.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
