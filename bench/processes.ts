/** Benchmark plumbing: start a server process and wait for it, sample its memory, run autocannon over a URL mix. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface Proc {
  child: ChildProcess;
  url: string;
  /** Highest resident set size seen since the last `resetPeak` (MiB), sampled every 100 ms. */
  peakRss(): number;
  resetPeak(): void;
  stop(): Promise<void>;
}

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
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(child.pid!))), 100);
  return {
    child,
    url,
    peakRss: () => Math.max(peak, rssMiB(child.pid!)),
    resetPeak: () => (peak = rssMiB(child.pid!)),
    async stop() {
      clearInterval(timer);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon with `connections` for `seconds`, each request's path from `path()` (a mix of pages and filters). */
export async function load(
  base: string,
  path: () => string,
  opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {},
): Promise<Load> {
  const result = await autocannon({
    url: base,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    headers: opts.headers,
    requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
