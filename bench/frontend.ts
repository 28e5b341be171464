/**
 * Front end: the JavaScript a first visit to the login page and then the product list downloads (each file gzipped,
 * summed), and the time from navigation to the first product rows in a cold headless Chromium (a new context: no
 * HTTP cache, already logged in), for the product and for a minimal react-admin app (bench/minimal-app) built here by
 * the same Vite and served by the same server over the same database.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { build } from 'vite';
import { startServer } from './processes.js';

export interface FrontEndFigures {
  jsGzipKiB: number;
  jsFiles: number;
  firstRowsMs: number;
  /** The same, visited again in the same browser: scripts and styles from its cache. */
  warmRowsMs: number;
  /** Each file downloaded: its name and gzip KiB, largest first. */
  files: [string, number][];
  /** Of the JavaScript downloaded, the product's own code and data (src/, generated/), gzipped together. */
  ownGzipKiB?: number;
}

const ASSETS = 'dist/admin/assets';

interface App {
  loginUrl: string;
  listUrl: string;
}

const COLD_RUNS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Builds the product's UI and the minimal app; answers the figures of both, measured against `dataDir`. */
export async function frontEnd(
  dataDir: string,
  newestProduct: string,
): Promise<{ ours: FrontEndFigures; minimal: FrontEndFigures }> {
  const out = mkdtempSync(join(os.tmpdir(), 'mpa-minimal-'));
  try {
    // Source maps beside the files (not linked from them, so the browser downloads the same JavaScript), read to tell
    // our code from the libraries', and removed afterwards.
    await build({ logLevel: 'warn', build: { sourcemap: 'hidden' } });
    await build({
      configFile: false,
      root: resolve('bench/minimal-app'),
      plugins: [react()],
      logLevel: 'warn',
      build: { outDir: out, emptyOutDir: true },
    });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const ours = await measure(browser, dataDir, {}, { loginUrl: '/login', listUrl: '/pms/product' }, newestProduct);
      ours.ownGzipKiB = ownCode(ours.files.map(([name]) => name));
      const minimal = await measure(
        browser,
        dataDir,
        { UI_DIR: out },
        { loginUrl: '/#/login', listUrl: '/#/product' },
        newestProduct,
      );
      return { ours, minimal };
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    for (const f of readdirSync(ASSETS)) if (f.endsWith('.map')) rmSync(join(ASSETS, f));
  }
}

/** The minified code each file's source map assigns to our own sources (not node_modules), gzipped as one (KiB). */
function ownCode(files: string[]): number {
  const parts: string[] = [];
  for (const file of files) {
    // The bundler's own runtime has no map.
    if (!existsSync(join(ASSETS, `${file}.map`))) continue;
    const lines = readFileSync(join(ASSETS, file), 'utf8').split('\n');
    const map = new SourceMapConsumer(JSON.parse(readFileSync(join(ASSETS, `${file}.map`), 'utf8')));
    let from: { line: number; column: number; own: boolean } | undefined;
    const take = (line: number, column: number) => {
      if (!from?.own) return;
      parts.push(
        line === from.line
          ? lines[from.line - 1].slice(from.column, column)
          : lines[from.line - 1].slice(from.column) + '\n',
      );
    };
    map.eachMapping((m) => {
      take(m.generatedLine, m.generatedColumn);
      from = {
        line: m.generatedLine,
        column: m.generatedColumn,
        own: !!m.source && !m.source.includes('node_modules'),
      };
    });
    take(Number.MAX_SAFE_INTEGER, Infinity);
  }
  return gzipSync(parts.join('')).length / 1024;
}

async function measure(
  browser: Browser,
  dataDir: string,
  env: Record<string, string>,
  app: App,
  newestProduct: string,
): Promise<FrontEndFigures> {
  const server = await startServer({ DATA_DIR: dataDir, PORT: '3103', LOG: '0', DATABASE_URL: '', ...env }, 3103);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (!/\.m?js$/.test(new URL(res.url()).pathname) || scripts.has(res.url())) return;
      scripts.set(res.url(), 0);
      scripts.set(res.url(), gzipSync(await res.body()).length);
    });
    await page.goto(`${server.url}${app.loginUrl}`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('admin123');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => !`${u.pathname}${u.hash}`.includes('login'), { timeout: 60_000 });
    await page.goto(`${server.url}${app.listUrl}`);
    await firstRows(page, newestProduct);
    await page.waitForLoadState('networkidle');
    const state = await context.storageState();
    await context.close();

    const times: number[] = [];
    const warm: number[] = [];
    const visit = async (p: Page) => {
      const start = Date.now();
      await p.goto(`${server.url}${app.listUrl}`, { waitUntil: 'commit' });
      await firstRows(p, newestProduct);
      return Date.now() - start;
    };
    for (let i = 0; i < COLD_RUNS; i++) {
      const cold = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: state });
      const p = await cold.newPage();
      times.push(await visit(p));
      await p.waitForLoadState('networkidle');
      // A revisit in a new tab of the same browser: its HTTP cache holds the assets.
      const again = await cold.newPage();
      warm.push(await visit(again));
      await cold.close();
    }
    const sizes = [...scripts.values()];
    return {
      jsGzipKiB: sizes.reduce((a, b) => a + b, 0) / 1024,
      jsFiles: sizes.length,
      firstRowsMs: median(times),
      warmRowsMs: median(warm),
      files: [...scripts]
        .map(([url, size]): [string, number] => [new URL(url).pathname.split('/').pop()!, size / 1024])
        .sort((a, b) => b[1] - a[1]),
    };
  } finally {
    await server.stop();
  }
}

/**
 * The newest product's name in a shown table row: the first page of both lists (newest first) is on screen. Checked
 * every 10 ms: a locator's wait checks at growing intervals (up to 500 ms), which would round both apps' times up.
 */
const firstRows = (page: Page, name: string) =>
  page.waitForFunction(
    (text) =>
      [...document.querySelectorAll<HTMLElement>('tbody tr')].some(
        (row) => row.offsetParent !== null && row.textContent?.includes(text),
      ),
    name,
    { polling: 10, timeout: 60_000 },
  );
