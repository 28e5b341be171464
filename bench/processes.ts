/** Benchmark plumbing: start a server process and wait for it, sample its memory, run autocannon over a URL mix. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { serveCommand } from '../scripts/serve-command.js';

export interface Proc {
  child: ChildProcess;
  url: string;
  /**
   * Highest resident set size of one process (the server, or any of its worker processes) since the last
   * `resetPeak` (MiB), sampled every 100 ms.
   */
  peakRss(): number;
  /** CPU time (ms, user + system) the process and its children still running have used so far. */
  cpuMs(): number;
  /** What it printed so far. */
  log(): string;
  resetPeak(): void;
  stop(): Promise<void>;
}

/** Child processes of `pid` (a cluster primary's workers). */
export const childPids = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};

/** utime + stime of a process (ms; the kernel counts in 100 Hz ticks). */
const cpuMsOf = (pid: number) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

const rssMiB = (pid: number) => {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
};

/** Spawns `cmd args` with `env`, waits until `probe` (a URL path) answers, and samples its RSS. */
export async function startProcess(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  probe: string,
): Promise<Proc> {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd} exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`${cmd} did not start:\n${log}`);
    try {
      if ((await fetch(`${url}${probe}`)).status < 500) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const now = () => Math.max(...[child.pid!, ...childPids(child.pid!)].map(rssMiB));
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, now())), 100);
  return {
    child,
    url,
    peakRss: () => Math.max(peak, now()),
    resetPeak: () => (peak = now()),
    log: () => log,
    cpuMs: () => [child.pid!, ...childPids(child.pid!)].reduce((sum, pid) => sum + cpuMsOf(pid), 0),
    async stop() {
      clearInterval(timer);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/**
 * `npm run serve`'s node arguments and environment; `BENCH_SERVER=<bundle>` runs that bundle instead of the one
 * `npm run build:server` writes (a build of another commit beside this one, in a folder of this checkout so it finds
 * node_modules), to compare two builds on the same machine at the same time.
 */
export function serverCommand(): { env: Record<string, string>; args: string[] } {
  const serve = serveCommand();
  const bundle = process.env.BENCH_SERVER;
  return bundle ? { ...serve, args: serve.args.map((a) => (a.endsWith('.mjs') ? bundle : a)) } : serve;
}

/** Our server as `npm start` runs it (`npm run serve`, the bundle `npm run build:server` wrote) on `port`. */
export async function startServer(env: Record<string, string>, port: number): Promise<Proc> {
  const serve = serverCommand();
  // One process unless asked: the reference and the other parts' figures are one process's.
  const all = { ...serve.env, WORKERS: '1', ...env, PORT: String(port) };
  const proc = await startProcess(process.execPath, serve.args, all, port, '/api/demo');
  // Up once the lead worker listens: wait for the others too.
  for (let waited = 0; Number(all.WORKERS) > 1 && !/worker processes serve port/.test(proc.log()); waited += 250) {
    if (waited > 60_000) throw new Error(`the workers did not start:\n${proc.log()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return proc;
}

/** A login's `Authorization` header. */
export async function authHeader(url: string, username = 'admin', password = 'admin123'): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { data } = (await res.json()) as { data: { tokenHead: string; token: string } };
  return `${data.tokenHead}${data.token}`;
}

export interface Load {
  /** How long the run lasted (s). */
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** One request of a mix: a path (GET), or a method with a JSON body. */
export type Call = string | { method: 'POST'; path: string; body?: unknown };

/**
 * autocannon with `connections` for `seconds`, each request from `next()` (a mix of pages and filters, writes among
 * them). Any answer but an HTTP 200 envelope with `code: 200` counts as an error.
 */
export async function load(
  base: string,
  next: () => Call,
  opts: {
    connections?: number;
    seconds?: number;
    headers?: Record<string, string>;
    /** Looked at every 250 ms: the run ends early once it answers true. */
    until?: () => Promise<boolean>;
  } = {},
): Promise<Load> {
  let refused = 0;
  const instance = autocannon({
    url: base,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    headers: opts.headers,
    requests: [
      {
        setupRequest: (req) => {
          const call = next();
          if (typeof call === 'string') return { ...req, method: 'GET', path: call, body: undefined };
          const body = call.body === undefined ? undefined : JSON.stringify(call.body);
          const headers = { ...req.headers, ...(body && { 'content-type': 'application/json' }) };
          return { ...req, method: call.method, path: call.path, body, headers };
        },
        onResponse: (status, body) => {
          if (status === 200 && !body.includes('"code":200')) refused++;
        },
      },
    ],
  });
  let timer: NodeJS.Timeout | undefined;
  const look = async () => {
    if (await opts.until!()) (instance as unknown as { stop(): void }).stop();
    else timer = setTimeout(() => void look(), 250);
  };
  if (opts.until) timer = setTimeout(() => void look(), 250);
  const result = await instance;
  clearTimeout(timer);
  return {
    seconds: result.duration,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + refused,
    non2xx: result.non2xx,
  };
}
