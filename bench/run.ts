/**
 * `npm run bench [-- --products 1000000 --orders 1000000 --seconds 10 --rounds 3 --data ./bench-data --only products,postgres,orders,frontend,workers,busy,devloop]`
 * `npm run bench -- --quick [--pg]`: the cost guard (see QUICK below).
 *
 * Our server runs as `npm start` runs it (`npm run serve` over the bundle `npm run build:server` writes).
 * - products: GET /api/product/list against the hand-tuned reference of ../shared/bench (started here with
 *   INDEXES=1 on a copy of the same SQLite file), autocannon at 50 connections, shape by shape, three alternating
 *   rounds (the median ratio and the range); the same shapes at 10 k products for the p99 at scale.
 * - postgres (with DATABASE_URL): every list shape (the products', the order lists') on PostgreSQL beside SQLite, one
 *   process each on databases of the same size (`<its name>_bench`, grown here once), by turns.
 * - orders: the order list (status, one day, keyword) and the order detail at 1 M and 10 k orders, then a 20 % write
 *   mix (messages created, notes updated, batches shipped); on PostgreSQL too when DATABASE_URL is set (databases
 *   `<its name>_bench` and `<its name>_bench_10k` beside it, grown here once).
 * - frontend: JavaScript downloaded (gzip) and time to the first product rows, ours beside a minimal react-admin app.
 * - workers: the product-list shapes from WORKERS=2 against WORKERS=1, with the CPU the load generator took.
 * - busy: the p99 of small requests idle and beside a 100 k-row import and a 1 M-row export, on both databases.
 * Databases are grown once with `npm run seed` when they hold fewer rows. Writes bench/RESULTS.md (a part `--only`
 * leaves out keeps its section from the previous file; a part run again keeps its dated notes).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { busyBench, IMPORT_ROWS, READERS, WRITERS, type Mixed } from './busy.js';
import { devLoop } from './devloop.js';
import { frontEnd } from './frontend.js';
import { ORDER_LIST_SHAPES, orderBench, READS_MIXED, WITH_WRITES, type OrderRow } from './orders.js';
import { authHeader, load, startProcess, startServer, type Load, type Proc } from './processes.js';
import { prepare, warm, type Target } from './data.js';
import { PRODUCT_SHAPES, type Shape } from './shapes.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
/**
 * `--quick`: the cost guard to run before and after a change to the request path: the product-list shapes against
 * the reference on 100 k products, 4 s per run, printed and not written to bench/RESULTS.md (about two minutes once
 * its database is grown).
 */
const QUICK = process.argv.includes('--quick');
const PRODUCTS = Number(arg('products', QUICK ? '100000' : '1000000'));
const ORDERS = Number(arg('orders', QUICK ? '10000' : '1000000'));
const SMALL = 10_000;
const SECONDS = Number(arg('seconds', QUICK ? '4' : '10'));
/** Alternating rounds of ours and the reference per shape: one round varies ±25 % here, so the median of three. */
const ROUNDS = Number(arg('rounds', '3'));
const DATA = resolve(arg('data', QUICK ? './bench-data-quick' : './bench-data'));
const ONLY = new Set(
  arg('only', QUICK ? 'products' : 'products,postgres,orders,frontend,workers,busy,devloop').split(','),
);
/** `--quick --pg`: the quick mode also holds PostgreSQL beside SQLite (DATABASE_URL), on 100 k products too. */
const QUICK_PG = QUICK && process.argv.includes('--pg');
const REF = resolve('../shared/bench/ref-product-list.cjs');
const ms = (l: Load) => `${l.p50} / ${l.p99}`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const errors = (l: Load) => l.errors + l.non2xx;

/** One shape's runs: ours and the reference by turns, `ROUNDS` times. */
interface ShapeRuns {
  ours: Load[];
  ref: Load[];
  /** Ours with the default WORKERS (one per core), by the same turns (not in the quick mode). */
  many: Load[];
  oursRss: number;
  refRss: number;
}

/** The run whose rps is the median of `loads`. */
const medianRun = (loads: Load[]) => [...loads].sort((a, b) => a.rps - b.rps)[Math.floor(loads.length / 2)]!;

/** The ratios ours / reference of each round: the median, and the range. */
function ratios(r: ShapeRuns, ours = r.ours): { median: number; low: number; high: number } {
  const each = ours.map((o, i) => o.rps / r.ref[i]!.rps);
  return { median: median(each), low: Math.min(...each), high: Math.max(...each) };
}

/**
 * Ours against the reference, shape by shape, `ROUNDS` alternating rounds (the ratio's median and range); ours alone
 * on the small database (not in the quick mode).
 */
async function products(big: Target, small?: Target): Promise<string> {
  const tmp = mkdtempSync(join(os.tmpdir(), 'mpa-bench-'));
  const copy = join(tmp, 'ref.db');
  copyFileSync(big.sqliteFile!, copy);
  const rows: string[] = [];
  let ref: Proc | undefined;
  let ours: Proc | undefined;
  let many: Proc | undefined;
  try {
    ref = await startProcess(
      process.execPath,
      [REF],
      { DB: copy, PORT: '3101', INDEXES: '1', NODE_PATH: resolve('node_modules') },
      3101,
      '/api/product/list',
    );
    ours = await startServer(big.env, 3102);
    if (!QUICK) many = await startServer({ ...big.env, WORKERS: String(os.cpus().length) }, 3103);
    const headers = { authorization: await authHeader(ours.url) };
    const results: ShapeRuns[] = [];
    for (const [name, query] of PRODUCT_SHAPES) {
      const next = query(big);
      const path = () => `/api/product/list?${next()}`;
      const runs: ShapeRuns = { ours: [], ref: [], many: [], oursRss: 0, refRss: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        await warm(big);
        ours.resetPeak();
        runs.ours.push(await load(ours.url, path, { seconds: SECONDS, headers }));
        runs.oursRss = Math.max(runs.oursRss, ours.peakRss());
        await warm(big, copy);
        ref.resetPeak();
        runs.ref.push(await load(ref.url, path, { seconds: SECONDS }));
        runs.refRss = Math.max(runs.refRss, ref.peakRss());
        if (!many) continue;
        await warm(big);
        runs.many.push(await load(many.url, path, { seconds: SECONDS, headers }));
      }
      results.push(runs);
      if (QUICK) {
        const r = ratios(runs);
        const o = medianRun(runs.ours);
        console.log(
          `${name}: ours / reference ${r.median.toFixed(2)} (${r.low.toFixed(2)}–${r.high.toFixed(2)}), ` +
            `ours ${o.rps.toFixed(0)} rps p99 ${o.p99} ms, peak RSS ${runs.oursRss.toFixed(0)} MiB, errors ${runs.ours.map(errors).reduce((a, b) => a + b)}`,
        );
      }
    }
    await Promise.all([ours.stop(), many?.stop()]);
    ours = many = undefined;
    if (!small) return '';
    ours = await startServer(small.env, 3102);
    const smallHeaders = { authorization: await authHeader(ours.url) };
    for (const [i, [name, query]] of PRODUCT_SHAPES.entries()) {
      const next = query(small);
      await warm(small);
      const s = await load(ours.url, () => `/api/product/list?${next()}`, { seconds: SECONDS, headers: smallHeaders });
      const runs = results[i]!;
      const [o, r, ratio, manyRatio] = [
        medianRun(runs.ours),
        medianRun(runs.ref),
        ratios(runs),
        ratios(runs, runs.many),
      ];
      const errs = (ls: Load[]) => ls.map(errors).reduce((a, b) => a + b, 0);
      rows.push(
        `| ${name} | ${o.rps.toFixed(0)} | ${r.rps.toFixed(0)} | **${ratio.median.toFixed(2)}** (${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}) | ` +
          `**${manyRatio.median.toFixed(2)}** (${manyRatio.low.toFixed(2)}–${manyRatio.high.toFixed(2)}) | ` +
          `${ms(o)} | ${ms(r)} | ${s.p99} | ${(o.p99 / Math.max(1, s.p99)).toFixed(2)} | ${runs.oursRss.toFixed(0)} | ` +
          `${runs.refRss.toFixed(0)} | ${errs(runs.ours) + errors(s)} | ${errs(runs.ref)} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await ours?.stop();
    await many?.stop();
    await ref?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  return `## GET /api/product/list (SQLite)

${big.products.toLocaleString('en')} products against the reference (\`../shared/bench/ref-product-list.cjs\`, \`INDEXES=1\`, a
copy of the same file), ${ROUNDS} alternating rounds of ${SECONDS} s per shape: the ratio is the median of the rounds'
ratios (their range in brackets), the rps and latencies those of the median round; the default \`WORKERS\`
(${os.cpus().length}, one per core, sharing them with autocannon) against the same one-process reference by the same turns; the p99 at
${small.products.toLocaleString('en')} products is ours on a database seeded the same way.

| shape | ours rps | reference rps | ratio (range) | default WORKERS / reference (range) | ours p50 / p99 ms | reference p50 / p99 ms | ours p99 ms at ${SMALL / 1000} k | p99 1 M / ${SMALL / 1000} k | ours peak RSS MiB | reference peak RSS MiB | ours errors (1 M + ${SMALL / 1000} k) | reference errors |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

/**
 * The product-list shapes at 50 connections from `WORKERS=1` and `WORKERS=2` servers on the same file, run by turns,
 * two rounds (the lower of each pair kept). autocannon runs in this process on the same cores: its CPU share is
 * what this process used over the run, against all the machine's cores.
 */
async function workers(t: Target): Promise<string> {
  const cores = os.cpus().length;
  const servers = [
    await startServer({ ...t.env, WORKERS: '1' }, 3102),
    await startServer({ ...t.env, WORKERS: '2' }, 3103),
  ];
  const rows: string[] = [];
  let ratios = 0;
  try {
    const headers = { authorization: await authHeader(servers[0].url) };
    for (const [name, query] of PRODUCT_SHAPES) {
      const next = query(t);
      const runs: { load: Load; rss: number; cpu: number; loader: number }[][] = [[], []];
      // Each process's caches (list totals per brand) filled first, as in a server that has been up a while.
      for (const server of servers)
        await load(server.url, () => `/api/product/list?${next()}`, { seconds: 3, headers });
      for (let round = 0; round < 2; round++)
        for (const [i, server] of servers.entries()) {
          await warm(t);
          server.resetPeak();
          const [cpu0, self0, t0] = [server.cpuMs(), process.cpuUsage(), performance.now()];
          const l = await load(server.url, () => `/api/product/list?${next()}`, { seconds: SECONDS, headers });
          const wall = performance.now() - t0;
          const self = process.cpuUsage(self0);
          runs[i].push({
            load: l,
            rss: server.peakRss(),
            cpu: (server.cpuMs() - cpu0) / wall / cores,
            loader: (self.user + self.system) / 1000 / wall / cores,
          });
        }
      const [one, two] = runs.map((r) => [...r].sort((a, b) => a.load.rps - b.load.rps)[0]);
      const ratio = two.load.rps / one.load.rps;
      ratios += ratio;
      const pct = (x: number) => `${Math.round(x * 100)} %`;
      rows.push(
        `| ${name} | ${one.load.rps.toFixed(0)} | ${two.load.rps.toFixed(0)} | **${ratio.toFixed(2)}** | ` +
          `${ms(one.load)} | ${ms(two.load)} | ${pct(one.cpu)} / ${pct(two.cpu)} | ${pct(one.loader)} / ${pct(two.loader)} | ` +
          `${one.rss.toFixed(0)} / ${Math.max(...runs[1].map((r) => r.rss)).toFixed(0)} | ${errors(one.load) + errors(two.load)} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  return `## Every core: WORKERS=2 against WORKERS=1 (SQLite)

GET /api/product/list, the shapes above, on ${t.products.toLocaleString('en')} products; ${cores} cores shared by
the server processes and the load generator. CPU shares are of all ${cores} cores; RSS is the largest single process
(the primary or a worker).

| shape | WORKERS=1 rps | WORKERS=2 rps | ratio | p50 / p99 ms (1) | p50 / p99 ms (2) | server CPU (1 / 2) | autocannon CPU (1 / 2) | peak RSS MiB per process (1 / 2) | errors |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Mean ratio WORKERS=2 / WORKERS=1: **${(ratios / PRODUCT_SHAPES.length).toFixed(2)}**
`;
}

/** The list shapes PostgreSQL is held to beside SQLite: the product shapes, then the order lists'. */
const LIST_SHAPES: Shape[] = [
  ...PRODUCT_SHAPES.map(([name, query]): Shape => [
    `products: ${name}`,
    (t) => {
      const next = query(t);
      return () => `/api/product/list?${next()}`;
    },
  ]),
  ...ORDER_LIST_SHAPES.map(([name, path]): Shape => [`orders: ${name}`, path]),
];

/**
 * Every list shape on PostgreSQL beside SQLite, one process each on databases of the same size, `ROUNDS` rounds by
 * turns: the ratio PostgreSQL / SQLite of each round (the median and the range), PostgreSQL's p99 of the median round.
 */
async function postgres(lite: Target, pgt: Target): Promise<string> {
  const servers = [await startServer(lite.env, 3102), await startServer(pgt.env, 3103)] as const;
  const rows: string[] = [];
  try {
    const headers = await Promise.all(servers.map(async (s) => ({ authorization: await authHeader(s.url) })));
    for (const [name, path] of LIST_SHAPES) {
      const runs: Load[][] = [[], []];
      const next = [path(lite), path(pgt)] as const;
      let rss = 0;
      for (let round = 0; round < ROUNDS; round++)
        for (const [i, t] of [lite, pgt].entries()) {
          await warm(t);
          servers[i].resetPeak();
          runs[i].push(await load(servers[i].url, next[i], { seconds: SECONDS, headers: headers[i] }));
          if (i === 1) rss = Math.max(rss, servers[1].peakRss());
        }
      const each = runs[1].map((l, i) => l.rps / runs[0][i]!.rps);
      const [l, p] = [medianRun(runs[0]), medianRun(runs[1])];
      const errs = runs
        .flat()
        .map(errors)
        .reduce((a, b) => a + b, 0);
      rows.push(
        `| ${name} | ${l.rps.toFixed(0)} | ${p.rps.toFixed(0)} | **${median(each).toFixed(2)}** ` +
          `(${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)}) | ${ms(l)} | ${ms(p)} | ${rss.toFixed(0)} | ${errs} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  return `## PostgreSQL beside SQLite: every list shape

${pgt.products.toLocaleString('en')} products and ${pgt.orders.toLocaleString('en')} orders on PostgreSQL, ${lite.products.toLocaleString('en')} and
${lite.orders.toLocaleString('en')} on SQLite, one process each (\`WORKERS=1\`), ${ROUNDS} rounds of ${SECONDS} s by turns per shape:
the ratio is the median of the rounds' PostgreSQL / SQLite requests per second (their range in brackets), the other
figures those of the median round. Target: ≥ 0.7 on every shape.

| shape | SQLite rps | PostgreSQL rps | PostgreSQL / SQLite | SQLite p50 / p99 ms | PostgreSQL p50 / p99 ms | PostgreSQL peak RSS MiB | errors |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
}

/** A copy of `t`'s database the import may grow: a SQLite file in a new folder, or a PostgreSQL database cloned. */
async function scratchCopy(t: Target): Promise<{ target: Target; drop: () => Promise<void> }> {
  if (t.sqliteFile) {
    const dir = mkdtempSync(join(os.tmpdir(), 'mpa-busy-'));
    copyFileSync(t.sqliteFile, join(dir, 'marketplace.db'));
    const target = { ...t, sqliteFile: join(dir, 'marketplace.db'), env: { ...t.env, DATA_DIR: dir } };
    return { target, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const url = new URL(t.env.DATABASE_URL);
  const from = url.pathname.slice(1);
  const name = `${from}_busy`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: t.env.DATABASE_URL.replace(/\/[^/]*$/, '/postgres') });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS "${name}"`);
  // A template must have no other session (a just-closed pool's connections may still be ending).
  await admin(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${from}' AND pid <> pg_backend_pid()`,
  );
  await admin(`CREATE DATABASE "${name}" TEMPLATE "${from}"`);
  url.pathname = `/${name}`;
  return {
    target: { ...t, env: { ...t.env, DATABASE_URL: url.toString() } },
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}"`),
  };
}

/** Requests beside a 100 k-row import and a 1 M-row export, with the default number of processes. */
async function busy(label: string, t: Target, exportEntity: 'product' | 'order'): Promise<string> {
  const { target, drop } = await scratchCopy(t);
  try {
    await warm(target);
    const r = await busyBench(target, exportEntity, os.cpus().length, SECONDS);
    const both = (m: Mixed) => [m.reads, m.writes];
    const non2xx = (m: Mixed) => both(m).reduce((n, l) => n + l.non2xx, 0);
    const refused = (m: Mixed) => both(m).reduce((n, l) => n + l.errors, 0);
    const ratio = (f: (m: Mixed) => Load) => (f(r.busy).p99 / Math.max(1, f(r.idle).p99)).toFixed(2);
    const idleRate = IMPORT_ROWS / r.importIdleSeconds;
    const row =
      `| ${label} | ${r.workers} | ${ms(r.idle.reads)} → ${ms(r.busy.reads)} | **${ratio((m) => m.reads)}** | ` +
      `${ms(r.idle.writes)} → ${ms(r.busy.writes)} | **${ratio((m) => m.writes)}** | ` +
      `${r.idle.reads.rps.toFixed(0)} + ${r.idle.writes.rps.toFixed(0)} → ${r.busy.reads.rps.toFixed(0)} + ${r.busy.writes.rps.toFixed(0)} | ` +
      `**${r.importIdleSeconds.toFixed(1)}** | ${idleRate.toFixed(0)} → ${r.importBusyRate.toFixed(0)} (**${Math.round((100 * r.importBusyRate) / idleRate)} %**) | ` +
      `${r.phases.idle.map((s) => s.toFixed(1)).join(' + ')} → ${r.phases.busy.map((s) => s.toFixed(1)).join(' + ')} | ` +
      `${r.busy.reads.seconds.toFixed(1)} | ${r.exported} | ${refused(r.idle) + refused(r.busy)} | ${non2xx(r.idle) + non2xx(r.busy)} |`;
    console.log(row);
    return row;
  } finally {
    await drop();
  }
}

/** The order benchmark on one database kind, at both sizes. */
async function orders(label: string, big: Target, small: Target): Promise<string> {
  const at = async (t: Target) => {
    const server = await startServer(t.env, 3102);
    try {
      return await orderBench(server, t, SECONDS);
    } finally {
      await server.stop();
    }
  };
  const large = await at(big);
  const little = await at(small);
  const rows = large.map((r: OrderRow, i: number) => {
    const s = little[i];
    return (
      `| ${r.name} | ${r.load.rps.toFixed(0)} | ${ms(r.load)} | ${s.load.p99} | ` +
      `${(r.load.p99 / Math.max(1, s.load.p99)).toFixed(2)} | ${r.rss.toFixed(0)} | ${errors(r.load) + errors(s.load)} |`
    );
  });
  rows.forEach((r) => console.log(r));
  const p99 = (name: string) => large.find((r) => r.name === name)!.load.p99;
  const mix = (p99(WITH_WRITES) / Math.max(1, p99(READS_MIXED))).toFixed(2);
  return `### ${label}: ${big.orders.toLocaleString('en')} orders (p99 beside ${small.orders.toLocaleString('en')})

| shape | rps | p50 / p99 ms | p99 ms at ${SMALL / 1000} k | p99 1 M / ${SMALL / 1000} k | peak RSS MiB | errors |
|---|---|---|---|---|---|---|
${rows.join('\n')}

p99 with 20 % writes / p99 of the same reads alone: **${mix}**
`;
}

/** Each part's heading in bench/RESULTS.md. */
const HEADINGS = {
  products: '## GET /api/product/list',
  postgres: '## PostgreSQL beside SQLite',
  orders: '## Orders:',
  frontend: '## Front end',
  workers: '## Every core',
  busy: '## Requests beside long work',
  devloop: '## Dev loop',
} as const;
type Part = keyof typeof HEADINGS;

/** The previous bench/RESULTS.md ('' when there is none), and its sections (`## `, each with its heading). */
const previousText = () => (existsSync('bench/RESULTS.md') ? readFileSync('bench/RESULTS.md', 'utf8') : '');
const sectionsOf = (text: string) => text.split(/^(?=## )/m);
const sectionOf = (text: string, part: Part) => sectionsOf(text).find((s) => s.startsWith(HEADINGS[part]));

/**
 * A part `--only` leaves out keeps its section from the previous bench/RESULTS.md, marked with that run's date, so
 * one part can be measured again without losing the others.
 */
function previousSection(part: Part): string | undefined {
  const text = previousText();
  const section = sectionOf(text, part);
  if (!section || /^_\(from the run of /m.test(section)) return section;
  const ran = /`npm run bench` on (\d{4}-\d{2}-\d{2})/.exec(text)?.[1] ?? 'an earlier day';
  const [heading, ...rest] = section.split('\n');
  return [heading, '', `_(from the run of ${ran})_`, ...rest].join('\n');
}

/**
 * The `### ` subsections of `part`'s section in the previous bench/RESULTS.md whose heading carries a date: notes
 * written by hand about earlier runs (a run writes no dated heading), kept under the part's new figures.
 */
function datedNotes(part: Part): string[] {
  return (sectionOf(previousText(), part) ?? '')
    .split(/^(?=### )/m)
    .filter((s) => /^### .*\d{4}-\d{2}-\d{2}/.test(s))
    .map((s) => s.trimEnd() + '\n');
}

async function main(): Promise<void> {
  // BENCH_SERVER names a bundle built elsewhere (bench/processes.ts).
  if (!process.env.BENCH_SERVER) execFileSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' });
  const sections: string[] = [];
  const kept = (part: Part) => {
    const previous = ONLY.has(part) ? undefined : previousSection(part);
    if (previous) sections.push(previous.trimEnd() + '\n');
  };
  // The dev loop makes its own small database: the others need the grown ones.
  const grown = [...ONLY].some((p) => p !== 'devloop');
  const sqlite = grown ? await prepare({ dir: DATA, products: PRODUCTS, orders: ORDERS }) : undefined!;
  const pgTarget = async () =>
    prepare({
      url: process.env.DATABASE_URL!,
      suffix: QUICK ? '_bench_quick' : '_bench',
      products: PRODUCTS,
      orders: ORDERS,
    });
  if (QUICK) {
    await products(sqlite);
    if (QUICK_PG && process.env.DATABASE_URL) await postgres(sqlite, await pgTarget());
    console.log(
      `\nTargets: ours / reference ≥ 1.15 on every shape with WORKERS=1 (the figures in bench/RESULTS.md come from the full run).`,
    );
    return;
  }
  const sqliteSmall = grown ? await prepare({ dir: `${DATA}-10k`, products: SMALL, orders: SMALL }) : undefined!;
  if (ONLY.has('products')) sections.push(await products(sqlite, sqliteSmall));
  kept('products');
  if (ONLY.has('postgres') && process.env.DATABASE_URL) sections.push(await postgres(sqlite, await pgTarget()));
  kept('postgres');
  if (ONLY.has('orders')) {
    const parts = [await orders('SQLite', sqlite, sqliteSmall)];
    const url = process.env.DATABASE_URL;
    if (url) {
      const pg = await pgTarget();
      const pgSmall = await prepare({ url, suffix: '_bench_10k', products: SMALL, orders: SMALL });
      parts.push(await orders('PostgreSQL', pg, pgSmall));
    }
    sections.push(`## Orders: GET /api/order/list, GET /api/order/{id}, and a 20 % write mix

Reads: the list by status (pages 1–3), by one day of \`createTime\`, by keyword (a receiver's name, pages 1–3),
and the detail of a random order. The write mix: 80 % of those reads, 20 % writes (a message created, a note
updated — both with the order's history —, and a batch of three paid orders shipped).

${parts.join('\n')}`);
  }
  kept('orders');
  if (ONLY.has('frontend')) {
    const { ours, minimal } = await frontEnd(DATA, sqlite.newestProduct);
    const own = ours.ownGzipKiB ?? 0;
    const line = (name: string, f: typeof ours) =>
      `| ${name} | ${f.jsGzipKiB.toFixed(0)} | ${f.jsFiles} | ${f.firstRowsMs} | ${f.warmRowsMs} |`;
    sections.push(`## Front end

The JavaScript a first visit to the login page and then the product list downloads (each file gzipped, summed), and
the time from navigation to the first product rows in a cold headless Chromium (new context, logged in; median of
three), then again in a new tab of the same browser (warm: the assets from its HTTP cache), over the
${PRODUCTS.toLocaleString('en')}-product database. The minimal app is \`bench/minimal-app\` (react-admin's login
page, one resource with \`ListGuesser\`), built here by the same Vite and served by the same server.

| app | JS KiB (gzip) | JS files | first rows ms (cold) | first rows ms (warm revisit) |
|---|---|---|---|---|
${line('ours', ours)}
${line('minimal react-admin', minimal)}

Cold first rows ours / minimal: **${(ours.firstRowsMs / minimal.firstRowsMs).toFixed(2)}**; warm revisit: **${ours.warmRowsMs} ms**.
JS ratio ours / minimal: **${(ours.jsGzipKiB / minimal.jsGzipKiB).toFixed(2)}**; our largest files: ${ours.files
      .slice(0, 4)
      .map(([name, kib]) => `\`${name}\` ${kib.toFixed(0)} KiB`)
      .join(', ')}. Of ours, ${own.toFixed(0)} KiB is the product's own code and data (\`src/\`, \`generated/\`:
shell, kit, product list, entity metadata, dictionary, menus; gzipped together); without it, the libraries alone
come to about ${(ours.jsGzipKiB - own).toFixed(0)} KiB, ${((ours.jsGzipKiB - own) / minimal.jsGzipKiB).toFixed(2)} × the minimal app.
`);
    console.log(sections.at(-1));
  }
  kept('frontend');
  if (ONLY.has('workers')) sections.push(await workers(sqlite));
  kept('workers');
  if (ONLY.has('busy')) {
    const rows = [await busy(`SQLite, ${sqlite.products.toLocaleString('en')} products`, sqlite, 'product')];
    const url = process.env.DATABASE_URL;
    if (url) {
      const pg = await prepare({ url, suffix: '_bench', products: SMALL, orders: ORDERS });
      rows.push(await busy(`PostgreSQL, ${pg.orders.toLocaleString('en')} orders`, pg, 'order'));
    }
    sections.push(`## Requests beside long work

A ${IMPORT_ROWS.toLocaleString('en')}-row product import alone, timed from its start to its last row stored; then
${READERS} clients reading (\`/api/admin/info\` and product list pages, publish filter, pages 1–3, half each) and
${WRITERS} writing (a product's \`newStatus\` through upstream's batch call, audited) for ${SECONDS} s with the server
idle (on the database the import grew, as the jobs find it); then the same clients while a second ${IMPORT_ROWS.toLocaleString('en')}-row import and an export of the database's
rows (products on SQLite, orders on PostgreSQL) run as background jobs, until that import ends (default
\`WORKERS\`, \`JOB_BATCH\`, \`JOB_SLICE\`, \`JOB_LANES\`, \`JOB_REST\`). On a copy of the database. Targets: p99 under
the jobs ≤ 2 × idle, 0 errors, 0 answers 503, the import ≤ 60 s idle and ≥ 50 % of that rate under the load. The
import's time is split where its progress reached its total: its rows checked, then stored.

| database | WORKERS | reads p50 / p99 ms idle → busy | reads p99 busy / idle | writes p50 / p99 ms idle → busy | writes p99 busy / idle | rps reads + writes idle → busy | import s (idle) | import rows/s idle → busy | import check + store s idle → busy | busy window s | export rows done | errors | non-2xx (503) |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`);
  }
  kept('busy');
  if (ONLY.has('devloop')) {
    const runs = await devLoop(5);
    const cell = (xs: number[]) => `${median(xs)} (${Math.min(...xs)}–${Math.max(...xs)})`;
    sections.push(`## Dev loop

\`npm run dev\` (scripts/dev.ts) in a copy of the project, Chromium on the brand's create screen; a new property is
saved into \`schemas/brand.json\` ${runs.length} times, each a new field. Milliseconds from the save, median (range):

| to | ms |
|---|---|
| codegen done (in the loop's warm process) | ${cell(runs.map((r) => r.codegenMs))} |
| the new field's label on the screen (Vite's hot update, the page not reloaded) | ${cell(runs.map((r) => r.screenMs))} |
| the API listing brands with the new field (bundle, new server beside the old, migration, swap) | ${cell(runs.map((r) => r.apiMs))} |
| of which the new server's start (bundle included) | ${cell(runs.map((r) => r.serverMs))} |

The screen is updated in place: the loop hands Vite the entity metadata and the dictionary first (each replaced
where the app holds it), then the screens that changed. Meanwhile the new server starts beside the old one, which
answers until it listens; the run ends by saving a brand with the last new field from the updated form.
`);
    console.log(sections.at(-1));
  }
  kept('devloop');
  // A part run again: its new figures first, then its dated notes from before.
  for (const part of Object.keys(HEADINGS) as Part[]) {
    const i = ONLY.has(part) ? sections.findIndex((s) => s.startsWith(HEADINGS[part])) : -1;
    const notes = i < 0 ? [] : datedNotes(part);
    if (notes.length) sections[i] = [sections[i]!.trimEnd() + '\n', ...notes].join('\n');
  }
  // Sections written by hand (a profile, an analysis) stay as they are.
  for (const s of sectionsOf(previousText()))
    if (s.startsWith('## ') && !Object.values(HEADINGS).some((h) => s.startsWith(h))) sections.push(s.trimEnd() + '\n');
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  writeFileSync(
    'bench/RESULTS.md',
    `# Benchmark results

\`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB,
Node ${process.version}; autocannon, 50 connections, ${SECONDS} s per run. Our server as \`npm start\` runs it. Each run
starts with the database's files read once (\`warm\` in bench/data.ts), so it measures the server, not the disk.

${sections.join('\n')}`,
  );
  console.log('written to bench/RESULTS.md');
}

await main();
