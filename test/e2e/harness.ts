/**
 * Browser-test harness: boots the real server (as `npm start` would, but on a free port and a fresh SQLite file)
 * serving the built UI, and drives Debian's chromium through playwright-core.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { spawnServer, type Running } from './spawn-server';
import type { SharedServer } from './shared-setup';

export type { Running } from './spawn-server';

/**
 * Starts the server of the project at `cwd` (default: this one) as `npm start` does (`npm run serve`: the bundle
 * `npm run build` writes) on a free port with its own data folder (SQLite unless env says otherwise), seeded as the
 * run's template is (a copy of it) when it would seed itself the same way.
 */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  cwd = process.cwd(),
): Promise<Running> {
  return spawnServer({ env, dataDir, cwd, template: inject('dbTemplates').sqlite });
}

/**
 * The run's shared Chromium (test/e2e/shared-setup.ts), connected to; a Chromium of the file's own when the run has
 * none. Either way `browser.close()` ends what the file opened (its contexts), and only its own browser.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = inject('browserEndpoint') as string | undefined;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/** The pages open now, for what a failed test prints of them (on-failure.ts). */
export const openPages = new Set<{ page: Page; errors: string[] }>();

/** A page that records console errors and page errors, so a test can assert the console stays clean. */
export async function openPage(
  browser: Browser,
  opts: {
    viewport?: { width: number; height: number };
    locale?: string;
    /** What the site at `origin` holds in localStorage when the context opens (a stored login). */
    storage?: { origin: string; values: Record<string, string> };
  } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { storage } = opts;
  const context = await browser.newContext({
    storageState: storage && {
      cookies: [],
      origins: [
        {
          origin: storage.origin,
          localStorage: Object.entries(storage.values).map(([name, value]) => ({ name, value })),
        },
      ],
    },
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
  openPages.add({ page, errors });
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
 * Unfolds a sidebar group (its `[aria-expanded]` item), clicked again while still folded: a click while the menu
 * redraws is lost; a second one only restarts the 200 ms wait, never folds it.
 */
export async function unfold(group: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
        return group.getAttribute('aria-expanded');
      },
      { interval: 500 },
    )
    .toBe('true');
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

/**
 * A login through the API, as the login form makes it: what the admin keeps in localStorage (`tokenHead + token`).
 * The login form itself is driven where it is the subject (shell, first-visit, keyboard tests).
 */
export async function apiLogin(url: string, username = 'admin', password = 'admin123'): Promise<string> {
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as Envelope;
  if (body.code !== 200) throw new Error(`login as ${username}: ${body.code} ${body.message}`);
  return `${body.data.tokenHead ?? ''}${body.data.token}`;
}

/**
 * A fresh browser context in `lang` (the stored preference) at `viewport`, logged in and on /home: the login made
 * through the API and stored in the context, so the session's one page load is /home itself (the login page, drawn
 * and left, cost Chromium as much as the screen the test came for).
 */
export async function session(
  browser: Browser,
  url: string,
  opts: { user?: string; password?: string; lang?: 'en' | 'zh'; viewport?: Viewport } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const token = await apiLogin(url, opts.user, opts.password);
  const opened = await openPage(browser, {
    viewport: opts.viewport,
    storage: { origin: url, values: { loginToken: token } },
  });
  await opened.context.addInitScript((l) => localStorage.setItem('lang', l), opts.lang ?? 'en');
  await opened.page.goto(`${url}/home`);
  await opened.page.waitForURL((u) => u.pathname === '/home');
  // The app drawn, as it was once the login form had been: its modules loaded (the page's language set), its bar up.
  await opened.page.locator('header').first().waitFor();
  return opened;
}

/**
 * Moves the pointer off the page's content, as a finger lifts after a tap: left where a click put it, it hovers the
 * notification drawn there next (an "Operation cancelled" under Undo, a toast over a Save), and MUI holds a hovered
 * notification open.
 */
export async function liftPointer(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
}

/**
 * Go to `path` in the app already loaded, as its own links do (a history change, no reload): a page load costs
 * Chromium about a second and a half of CPU, and the suite shares two cores. Returns once the screen before has
 * gone: it stays drawn while the next one's code and data load, and a check made meanwhile would find its rows. The
 * breadcrumb's h1 names the path it was drawn for, so that holds however long the load takes and whether or not the
 * two screens share a title; a page without it (login, the VIP page) is waited for by its h1 going or changing, at
 * most 5 s, for two such pages of one title.
 */
export async function goIn(page: Page, path: string): Promise<void> {
  const before = await page
    .locator('h1')
    .elementHandle({ timeout: 1_000 })
    .catch(() => null);
  const was = await before?.evaluate((el) => ({ path: el.getAttribute('data-path'), text: el.textContent }));
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  if (!before || !was) return;
  if (was.path !== null && was.path !== new URL(path, 'http://x').pathname) {
    await page.waitForFunction((old) => document.querySelector('h1')?.getAttribute('data-path') !== old, was.path, {
      timeout: 30_000,
    });
    return;
  }
  await before
    .evaluate(
      (el, t) =>
        new Promise<void>((resolve) => {
          const gone = () => !el.isConnected || el.textContent !== t;
          const stop = setTimeout(resolve, 5_000);
          const check = () => (gone() ? (clearTimeout(stop), resolve()) : requestAnimationFrame(check));
          check();
        }),
      was.text,
    )
    .catch(() => undefined); // the page itself went away
}

/**
 * The run's shared server (shared-setup.ts) and browser, for a file that changes nothing another file reads: no
 * writes to the database or its files, only logins (a right password leaves no count behind) and reads. Its `stop`
 * leaves the server running; outside a full run (no shared server) the file gets a server of its own.
 */
export async function bootShared(): Promise<[Running, Browser]> {
  const shared = inject('sharedServer') as SharedServer | undefined;
  if (!shared) return boot();
  const browser = await launchBrowser();
  const fail = () => Promise.reject(new Error("the shared server is not the file's to stop"));
  return [{ ...shared, log: () => '', stop: async () => null, crash: fail }, browser];
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
