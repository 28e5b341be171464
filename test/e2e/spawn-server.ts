/**
 * The built server as a process of its own (as `npm start` runs it, on a free port and a fresh data folder), for the
 * browser tests' harness and for the run's shared server (shared-setup.ts): no vitest runtime in here.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveCommand } from '../../scripts/serve-command';
import { seedsLikeTemplate, suiteEnv } from '../db-templates';
import { loadConfig } from '../../src/server/core/config';

export interface Running {
  url: string;
  dataDir: string;
  /** The server's process (with WORKERS > 1, the primary of the workers). */
  pid: number;
  /** What it printed so far (stdout and stderr). */
  log(): string;
  /** SIGTERM, then the exit code once it exited (null when it had already died by a signal). */
  stop(): Promise<number | null>;
  /** Kills the process at once (SIGKILL: no shutdown of any kind), keeping its data folder. */
  crash(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `url` answers `path` with 200, polling every 50 ms: a start takes a second or more, and each tenth of
 * a second waited past it is a tenth the file's server and browser sit idle. Throws once `exited()` says the process
 * is gone, or after `ms`.
 */
export async function waitReady(
  url: string,
  exited: () => boolean,
  log: () => string,
  path = '/api/ready',
  ms = 90_000,
) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}${path}`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/**
 * Starts the server of the project at `cwd` (`npm run serve`: the bundle `npm run build` writes) on a free port with
 * its own data folder (SQLite unless env says otherwise), from a copy of `template` (the run's seeded SQLite file)
 * when the server would seed its database the same way.
 */
export async function spawnServer(opts: {
  env?: Record<string, string>;
  dataDir?: string;
  cwd?: string;
  template?: string;
}): Promise<Running> {
  const { env = {}, dataDir, cwd = process.cwd(), template } = opts;
  for (const built of ['dist/admin/index.html', 'dist/server/main.mjs'])
    if (!existsSync(join(cwd, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  const serve = serveCommand(cwd);
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'mpa-e2e-'));
  const childEnv = {
    ...process.env,
    ...suiteEnv(),
    ...serve.env,
    DATABASE_URL: '',
    PORT: String(port),
    DATA_DIR: dir,
    ...env,
  };
  const config = loadConfig(childEnv);
  const file = join(dir, 'marketplace.db');
  if (template && cwd === process.cwd() && !config.databaseUrl && seedsLikeTemplate(config) && !existsSync(file))
    copyFileSync(template, file);
  let output = '';
  const child = spawn(process.execPath, serve.args, { cwd, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(
    url,
    () => child.exitCode !== null,
    () => output,
    '/api/demo',
  );
  return {
    url,
    dataDir: dir,
    pid: child.pid!,
    log: () => output,
    async crash() {
      if (child.exitCode !== null || child.signalCode) return;
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    },
    async stop() {
      // A process that crashed (killed by a signal: exitCode stays null) has already exited: no exit to wait for.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}
