/**
 * `npm run bench [-- --products 1000000 --seconds 10 --data ./bench-data]`: GET /api/product/list of the real server
 * (as `npm start` runs it) against the hand-tuned reference of ../shared/bench (started here with INDEXES=1 on a copy
 * of the same SQLite file), with autocannon at 50 connections, shape by shape, two alternating rounds (the lower of
 * each pair kept). Writes bench/RESULTS.md: requests/second, ratio ours/reference, p50/p99 and peak RSS of each.
 * The database is grown once with `npm run seed -- --products N` when it holds fewer products.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { load, startProcess, type Load, type Proc } from './processes.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const PRODUCTS = Number(arg('products', '1000000'));
const SECONDS = Number(arg('seconds', '10'));
const DATA = resolve(arg('data', './bench-data'));
const REF = resolve('../shared/bench/ref-product-list.cjs');
const pick = (n: number) => 1 + Math.floor(Math.random() * n);

function productCount(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new Database(file, { readonly: true });
  const n = (db.prepare('SELECT COUNT(*) AS n FROM pms_product').get() as { n: number }).n;
  db.close();
  return n;
}

async function main(): Promise<void> {
  const file = join(DATA, 'marketplace.db');
  const have = productCount(file);
  if (have < PRODUCTS) {
    console.log(`growing ${file} from ${have.toLocaleString()} to ${PRODUCTS.toLocaleString()} products…`);
    execFileSync('npx', ['tsx', 'scripts/seed.ts', '--products', String(PRODUCTS - have)], {
      env: { ...process.env, DATA_DIR: DATA },
      stdio: 'inherit',
    });
  }
  const db = new Database(file, { readonly: true });
  const brands = (db.prepare('SELECT COUNT(*) AS n FROM pms_brand').get() as { n: number }).n;
  const word =
    String((db.prepare('SELECT name FROM pms_product ORDER BY id DESC LIMIT 1').get() as { name: string }).name)
      .split(/\s+/)
      .find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? 'Phone';
  db.close();

  const tmp = mkdtempSync(join(os.tmpdir(), 'mpa-bench-'));
  const copy = join(tmp, 'ref.db');
  copyFileSync(file, copy);
  let ours: Proc | undefined;
  let ref: Proc | undefined;
  try {
    ref = await startProcess(
      process.execPath,
      [REF],
      { DB: copy, PORT: '3101', INDEXES: '1', NODE_PATH: resolve('node_modules') },
      3101,
      '/api/product/list',
    );
    ours = await startProcess(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts'],
      { DATA_DIR: DATA, PORT: '3102', LOG: '0', DATABASE_URL: '' },
      3102,
      '/api/demo',
    );
    const login = await fetch(`${ours.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const headers = { authorization: `Bearer ${token}` };

    const shapes: [string, () => string][] = [
      [
        'brand + publish filter, pages 1–3',
        () => `pageNum=${pick(3)}&pageSize=20&publishStatus=1&brandId=${pick(brands)}`,
      ],
      ['publish filter only, pages 1–3', () => `pageNum=${pick(3)}&pageSize=20&publishStatus=1`],
      [
        'brand + publish, pages 1–250',
        () => `pageNum=${pick(250)}&pageSize=20&publishStatus=1&brandId=${pick(brands)}`,
      ],
      ['keyword (FTS), pages 1–3', () => `pageNum=${pick(3)}&pageSize=20&keyword=${encodeURIComponent(word)}`],
      ['no filter, first page', () => 'pageNum=1&pageSize=20'],
    ];
    const rows: string[] = [];
    for (const [name, query] of shapes) {
      const path = () => `/api/product/list?${query()}`;
      const runs: { ours: Load; ref: Load; oursRss: number; refRss: number }[] = [];
      for (let round = 0; round < 2; round++) {
        ours.resetPeak();
        const o = await load(ours.url, path, { seconds: SECONDS, headers });
        const oursRss = ours.peakRss();
        ref.resetPeak();
        const r = await load(ref.url, path, { seconds: SECONDS });
        runs.push({ ours: o, ref: r, oursRss, refRss: ref.peakRss() });
      }
      const low = (f: (x: (typeof runs)[0]) => Load) => runs.map(f).sort((a, b) => a.rps - b.rps)[0];
      const o = low((x) => x.ours);
      const r = low((x) => x.ref);
      const bad = o.errors + o.non2xx + r.errors + r.non2xx;
      const line = `| ${name} | ${o.rps.toFixed(0)} | ${r.rps.toFixed(0)} | ${(o.rps / r.rps).toFixed(2)} | ${o.p50} / ${o.p99} | ${r.p50} / ${r.p99} | ${Math.max(...runs.map((x) => x.oursRss)).toFixed(0)} | ${Math.max(...runs.map((x) => x.refRss)).toFixed(0)} |${bad ? ` ${bad} errors |` : ''}`;
      console.log(line);
      rows.push(line);
    }
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    writeFileSync(
      'bench/RESULTS.md',
      `# Benchmark results

\`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB,
Node ${process.version}, ${PRODUCTS.toLocaleString()} products (SQLite), autocannon 50 connections, ${SECONDS} s per run, two
alternating rounds (the lower of each pair). Reference: \`../shared/bench/ref-product-list.cjs\` with \`INDEXES=1\` on a
copy of the same file.

## GET /api/product/list

| shape | ours rps | reference rps | ratio | ours p50 / p99 ms | reference p50 / p99 ms | ours peak RSS MiB | reference peak RSS MiB |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`,
    );
    console.log('written to bench/RESULTS.md');
  } finally {
    await ours?.stop();
    await ref?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
