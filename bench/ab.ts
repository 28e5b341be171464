/**
 * `npx tsx bench/ab.ts <before.mjs> <after.mjs> [--shape 0..4|all] [--seconds 4] [--rounds 3] [--data ./bench-data-quick]`
 *
 * Two builds of our server (bundles `esbuild` wrote in a folder of this checkout, e.g. dist/perf-base/main.mjs from
 * a clean export of a commit) on the same database, one process each, loaded by turns on the product-list shapes of
 * bench/shapes.ts: per shape the medians of requests per second and of the server's CPU time per request (user +
 * system from /proc), and the after / before ratios with their range. On a machine others load too, the two builds
 * see the same load within a round, so the ratio holds where the absolute figures do not.
 */
import os from 'node:os';
import { resolve } from 'node:path';
import { prepare, warm } from './data.js';
import { authHeader, load, serverCommand, startProcess, type Proc } from './processes.js';
import { PRODUCT_SHAPES } from './shapes.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const [before, after] = process.argv.slice(2, 4);
if (!before?.endsWith('.mjs') || !after?.endsWith('.mjs')) throw new Error('usage: ab.ts <before.mjs> <after.mjs>');
const SECONDS = Number(arg('seconds', '4'));
const ROUNDS = Number(arg('rounds', '3'));
const DATA = resolve(arg('data', './bench-data-quick'));
const SHAPES =
  arg('shape', 'all') === 'all' ? PRODUCT_SHAPES.map((_, i) => i) : arg('shape', '0').split(',').map(Number);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function start(bundle: string, port: number, env: Record<string, string>): Promise<Proc> {
  const serve = serverCommand();
  const args = serve.args.map((a) => (a.endsWith('.mjs') ? resolve(bundle) : a));
  return startProcess(
    process.execPath,
    args,
    { ...serve.env, ...env, WORKERS: '1', PORT: String(port) },
    port,
    '/api/demo',
  );
}

async function main(): Promise<void> {
  const t = await prepare({ dir: DATA, products: 100_000, orders: 10_000 });
  const servers = [await start(before!, 3121, t.env), await start(after!, 3122, t.env)];
  try {
    const headers = { authorization: await authHeader(servers[0]!.url) };
    console.log(`before ${before}, after ${after}; ${ROUNDS} rounds of ${SECONDS} s by turns per shape`);
    for (const shape of SHAPES) {
      const [name, query] = PRODUCT_SHAPES[shape]!;
      const next = query(t);
      const path = () => `/api/product/list?${next()}`;
      for (const s of servers) await load(s.url, path, { seconds: 2, headers }); // JIT and caches
      const runs = servers.map(() => ({ rps: [] as number[], cpu: [] as number[], p99: [] as number[] }));
      const loads: number[] = [];
      for (let round = 0; round < ROUNDS; round++)
        for (const [i, s] of servers.entries()) {
          await warm(t);
          const cpu0 = s.cpuMs();
          const l = await load(s.url, path, { seconds: SECONDS, headers });
          if (l.errors + l.non2xx) throw new Error(`${name}: ${l.errors + l.non2xx} errors`);
          runs[i]!.rps.push(l.rps);
          runs[i]!.p99.push(l.p99);
          runs[i]!.cpu.push(((s.cpuMs() - cpu0) * 1000) / (l.rps * l.seconds));
          loads.push(os.loadavg()[0]!);
        }
      const [b, a] = runs as [(typeof runs)[0], (typeof runs)[0]];
      const each = (k: 'rps' | 'cpu') => a[k].map((v, i) => v / b[k][i]!);
      const range = (xs: number[]) =>
        `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
      console.log(
        `${name}: rps ${median(b.rps).toFixed(0)} → ${median(a.rps).toFixed(0)}, after / before ${range(each('rps'))}; ` +
          `CPU µs per request ${median(b.cpu).toFixed(0)} → ${median(a.cpu).toFixed(0)}, after / before ${range(each('cpu'))}; ` +
          `p99 ms ${median(b.p99)} → ${median(a.p99)}; load average ${Math.min(...loads).toFixed(0)}–${Math.max(...loads).toFixed(0)}`,
      );
    }
  } finally {
    for (const s of servers) await s.stop();
  }
}

await main();
