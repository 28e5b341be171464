/**
 * `npx tsx bench/profile.ts [--shape 0..4|all] [--seconds 8] [--data ./bench-data-quick] [--ref] [--keep] [--pg]`
 *
 * Where a list request's time goes: our server (the bundle `npm run build:server` wrote, one process, as `npm run
 * serve` starts it) under `node --cpu-prof`, autocannon at 50 connections on one product-list shape of bench/run.ts,
 * then the profile's samples taken while the load ran (the startup's are left out), as microseconds per request:
 * by function (self time), by the frames a request passes through (inclusive time), and by part of the stack.
 * Also the server's CPU time per request from /proc (user + system, the whole process), beside the reference's with
 * `--ref`: on a machine shared with others, CPU time per request holds where requests per second do not.
 * The .cpuprofile files stay in bench-profiles/ with `--keep` (open them in Chrome's DevTools or speedscope).
 * `--pg`: our server on PostgreSQL (DATABASE_URL's `<name>_bench_quick`, as `npm run bench -- --quick --pg` grows it).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { copyFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { prepare, warm } from './data.js';
import { authHeader, load, serverCommand, startProcess, type Proc } from './processes.js';
import { PRODUCT_SHAPES } from './shapes.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]! : fallback;
};
const SECONDS = Number(arg('seconds', '8'));
const DATA = resolve(arg('data', './bench-data-quick'));
const SHAPES =
  arg('shape', 'all') === 'all' ? PRODUCT_SHAPES.map((_, i) => i) : arg('shape', '0').split(',').map(Number);
const WITH_REF = process.argv.includes('--ref');
const ON_PG = process.argv.includes('--pg');
const KEEP = process.argv.includes('--keep');
const OUT = resolve('bench-profiles');
const REF = resolve('../shared/bench/ref-product-list.cjs');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Which part of the request path a frame belongs to, by its file and name (the first rule that matches). */
const PARTS: [part: string, test: (f: ProfileNode['callFrame']) => boolean][] = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['idle (waiting for the network)', (f) => f.functionName === '(idle)'],
  ['SQLite (better-sqlite3: statement, step, row objects)', (f) => /better-sqlite3/.test(f.url)],
  ['pg driver', (f) => /node_modules\/pg/.test(f.url)],
  ['Kysely (query building, compiling)', (f) => /node_modules\/kysely/.test(f.url)],
  ['JSON answer (fast-json-stringify)', (f) => /fast-json-stringify/.test(f.url) || /^anonymous$/.test(f.functionName)],
  ['fastify (routing, hooks, reply)', (f) => /node_modules\/(fastify|find-my-way|avvio|light-my-request)/.test(f.url)],
  ['@fastify plugins (compress, …)', (f) => /node_modules\/@fastify/.test(f.url)],
  ['JWT (fast-jwt)', (f) => /fast-jwt/.test(f.url)],
  ['our server code (bundle)', (f) => /\/dist\//.test(f.url)],
  ['Node HTTP and sockets', (f) => /^node:(_http|http|net|stream|internal\/(streams|http|stream))/.test(f.url)],
  ['other node: internals', (f) => f.url.startsWith('node:')],
  ['other packages', (f) => /node_modules/.test(f.url)],
  ['native / program', () => true],
];

/** Samples of the run's window as (leaf node id, µs). */
function window(p: CpuProfile, from: bigint, to: bigint): [number, number][] {
  const out: [number, number][] = [];
  let t = p.startTime;
  const [lo, hi] = [Number(from / 1000n), Number(to / 1000n)];
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    const next = i + 1 < p.timeDeltas.length ? p.timeDeltas[i + 1]! : 0;
    if (t >= lo && t <= hi) out.push([p.samples[i]!, Math.max(0, next)]);
  }
  return out;
}

const frameName = (f: ProfileNode['callFrame']) => {
  const file = f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/');
  return `${f.functionName || '(anonymous)'} ${file ? `${file}:${f.lineNumber + 1}` : ''}`.trim();
};

/** Self and inclusive µs per request by function, and µs per request by part. */
function summarize(p: CpuProfile, samples: [number, number][], requests: number): string {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  const parts = new Map<string, number>();
  let total = 0;
  let busy = 0;
  for (const [leaf, us] of samples) {
    const f = byId.get(leaf)!.callFrame;
    total += us;
    if (f.functionName !== '(idle)') busy += us;
    const name = frameName(f);
    self.set(name, (self.get(name) ?? 0) + us);
    const part = PARTS.find(([, test]) => test(f))![0];
    parts.set(part, (parts.get(part) ?? 0) + us);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const n = frameName(byId.get(id)!.callFrame);
      if (seen.has(n)) continue;
      seen.add(n);
      incl.set(n, (incl.get(n) ?? 0) + us);
    }
  }
  const per = (us: number) => (us / requests).toFixed(1).padStart(7);
  const top = (m: Map<string, number>, n: number, filter: (k: string) => boolean = () => true) =>
    [...m]
      .filter(([k]) => filter(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${per(us)} µs  ${k}`)
      .join('\n');
  const ours = (k: string) => /dist\//.test(k) && !/^\(anonymous\)/.test(k);
  return [
    `sampled ${(total / 1e6).toFixed(2)} s, of which not idle ${(busy / 1e6).toFixed(2)} s; ${requests} requests: ` +
      `${(busy / requests).toFixed(1)} µs on the main thread per request`,
    'by part of the stack (µs per request, self time of its frames):',
    [...parts]
      .sort((a, b) => b[1] - a[1])
      .map(([k, us]) => `  ${per(us)} µs  ${k}`)
      .join('\n'),
    'self time, top 30 functions:',
    top(self, 30),
    'inclusive time of our functions, top 40:',
    top(incl, 40, ours),
  ].join('\n');
}

async function main(): Promise<void> {
  if (!process.env.BENCH_SERVER) execFileSync('npm', ['run', 'build:server', '--silent'], { stdio: 'inherit' });
  const lite = await prepare({ dir: DATA, products: 100_000, orders: 10_000 });
  const pgUrl = process.env.DATABASE_URL;
  if (ON_PG && !pgUrl) throw new Error('--pg needs DATABASE_URL');
  const t =
    ON_PG && pgUrl ? await prepare({ url: pgUrl, suffix: '_bench_quick', products: 100_000, orders: 10_000 }) : lite;
  mkdirSync(OUT, { recursive: true });
  const serve = serverCommand();
  const tmp = join(os.tmpdir(), `mpa-profile-ref-${process.pid}.db`);
  let ref: Proc | undefined;
  if (WITH_REF) {
    copyFileSync(lite.sqliteFile!, tmp);
    ref = await startProcess(
      process.execPath,
      [REF],
      { DB: tmp, PORT: '3111', INDEXES: '1', NODE_PATH: resolve('node_modules') },
      3111,
      '/api/product/list',
    );
  }
  try {
    for (const shape of SHAPES) {
      const [name, query] = PRODUCT_SHAPES[shape]!;
      const dir = join(OUT, `shape-${shape}-${Date.now()}`);
      mkdirSync(dir, { recursive: true });
      const server = await startProcess(
        process.execPath,
        ['--cpu-prof', '--cpu-prof-dir', dir, ...serve.args],
        { ...serve.env, ...t.env, WORKERS: '1', PORT: '3112' },
        3112,
        '/api/demo',
      );
      let requests = 0;
      let from = 0n;
      let to = 0n;
      let cpuPerRequest = 0;
      try {
        const headers = { authorization: await authHeader(server.url) };
        const next = query(t);
        const path = () => `/api/product/list?${next()}`;
        // Warm: the JIT's work and the caches' first fills are a process's start, not a request's cost.
        await load(server.url, path, { seconds: 2, headers });
        await warm(t);
        const cpu0 = server.cpuMs();
        from = process.hrtime.bigint();
        const l = await load(server.url, path, { seconds: SECONDS, headers });
        to = process.hrtime.bigint();
        requests = Math.round(l.rps * l.seconds);
        cpuPerRequest = ((server.cpuMs() - cpu0) * 1000) / requests;
        console.log(
          `\n## ${name}\nours: ${l.rps.toFixed(0)} rps, p99 ${l.p99} ms, errors ${l.errors + l.non2xx}; ` +
            `server CPU ${cpuPerRequest.toFixed(0)} µs per request (user + system, load average ${os.loadavg()[0]!.toFixed(1)})`,
        );
        if (ref) {
          const c0 = ref.cpuMs();
          const r = await load(ref.url, path, { seconds: SECONDS });
          const refCpu = ((ref.cpuMs() - c0) * 1000) / Math.round(r.rps * r.seconds);
          console.log(
            `reference: ${r.rps.toFixed(0)} rps, p99 ${r.p99} ms; CPU ${refCpu.toFixed(0)} µs per request; ` +
              `CPU ratio reference / ours ${(refCpu / cpuPerRequest).toFixed(2)}`,
          );
        }
      } finally {
        await server.stop();
      }
      const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
      if (!file) throw new Error(`no profile written in ${dir}:\n${server.log()}`);
      const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
      console.log(summarize(profile, window(profile, from, to), requests));
      if (!KEEP) rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await ref?.stop();
    rmSync(tmp, { force: true });
  }
}

await main();
