/**
 * Browser-test harness: boots the real server (as `npm start` would, but on a free port and a fresh SQLite file)
 * serving the built UI, and drives Debian's chromium through playwright-core.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/demo`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${log()}`);
}

/**
 * Starts the server of the project at `cwd` (default: this one) as `npm start` does (`npm run serve`: the bundle
 * `npm run build` writes) on a free port with its own data folder (SQLite unless env says otherwise).
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  cwd = process.cwd(),
): Promise<Running> {
  for (const built of ['dist/admin/index.html', 'dist/server/main.mjs'])
    if (!existsSync(join(cwd, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  const serve = serveCommand(cwd);
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'mpa-e2e-'));
  // This project's server on a new SQLite file, seeded as the run's template is: start from a copy of it.
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
  const template = inject('dbTemplates').sqlite;
  const file = join(dir, 'marketplace.db');
  if (template && cwd === process.cwd() && !config.databaseUrl && seedsLikeTemplate(config) && !existsSync(file))
    copyFileSync(template, file);
  let output = '';
  const child = spawn(process.execPath, serve.args, {
    cwd,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  await waitUp(url, child, () => output);
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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A page that records console errors and page errors, so a test can assert the console stays clean. */
export async function openPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    // The app's reduced-motion mode (no transitions or ripples): each animation frame is CPU the suite's two cores share.
    reducedMotion: 'reduce',
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    locale: opts.locale ?? 'en-US',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { context, page, errors };
}

export async function login(page: Page, url: string, username = 'admin', password = 'admin123'): Promise<void> {
  await page.goto(`${url}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  // Past `/` too: the app lands there and then redirects to /home, which would undo a `goIn` made in between.
  await page.waitForURL((u) => !u.pathname.startsWith('/login') && u.pathname !== '/', { timeout: 30_000 });
}

/**
 * Screenshots for a person to look at, written to `SHOTS_DIR` when it is set (`SHOTS_DIR=/tmp/shots npm test`):
 * the suite takes about 180, each a PNG encode of Chromium's on the two cores the tests share.
 */
export const shotsDir = process.env.SHOTS_DIR;

export async function saveShot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: join(shotsDir, name), ...opts });
}

export type Viewport = { width: number; height: number };
export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

/** A fresh browser context in `lang` (the stored preference) at `viewport`, logged in and on /home. */
export async function session(
  browser: Browser,
  url: string,
  opts: { user?: string; password?: string; lang?: 'en' | 'zh'; viewport?: Viewport } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const opened = await openPage(browser, { viewport: opts.viewport });
  await opened.context.addInitScript((l) => localStorage.setItem('lang', l), opts.lang ?? 'en');
  await login(opened.page, url, opts.user, opts.password);
  await opened.page.waitForURL((u) => u.pathname === '/home');
  return opened;
}

/**
 * Go to `path` in the app already loaded, as its own links do (a history change, no reload): a page load costs
 * Chromium about a second and a half of CPU, and the suite shares two cores. Returns once the screen before has
 * gone (its title removed or changed; at most 5 s, for two screens of one title): it stays drawn while the next
 * one's code and data load, and a check made meanwhile would find its rows.
 */
export async function goIn(page: Page, path: string): Promise<void> {
  const before = await page
    .locator('h1')
    .elementHandle({ timeout: 1_000 })
    .catch(() => null);
  const title = await before?.textContent();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  if (before)
    await before
      .evaluate(
        (el, t) =>
          new Promise<void>((resolve) => {
            const gone = () => !el.isConnected || el.textContent !== t;
            const stop = setTimeout(resolve, 5_000);
            const check = () => (gone() ? (clearTimeout(stop), resolve()) : requestAnimationFrame(check));
            check();
          }),
        title,
      )
      .catch(() => undefined); // the page itself went away
}

/** A test file's server (on `dataDir`, or a fresh one) and browser, started side by side. */
export async function boot(dataDir?: string): Promise<[Running, Browser]> {
  return Promise.all([startServer({}, dataDir), launchBrowser()]);
}

export async function shutdown(server: Running | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await server?.stop();
}

type Envelope = { code: number; message: string; data: any };

/** One API call from the page, with its session's token (what the admin itself would send). */
export async function apiCall(page: Page, path: string, json?: unknown): Promise<Envelope> {
  return page.evaluate(
    async ([p, body]) => {
      const headers: Record<string, string> = { Authorization: localStorage.getItem('loginToken') ?? '' };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(`/api${p}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    [path, json] as const,
  );
}

/** `apiCall`'s data, the call having succeeded. */
export async function apiData(page: Page, path: string, json?: unknown): Promise<any> {
  const res = await apiCall(page, path, json);
  if (res.code !== 200) throw new Error(`${path}: ${res.code} ${res.message}`);
  return res.data;
}
