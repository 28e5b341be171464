/**
 * Front end: the JavaScript a first visit to the login page and then the product list downloads (each file gzipped,
 * summed), and the time from navigation to the first product rows in a cold headless Chromium (a new context: no
 * HTTP cache, already logged in), for the product and for a minimal react-admin app (bench/minimal-app) built here by
 * the same Vite and served by the same server over the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { startServer } from './processes.js';

export interface FrontEndFigures {
  jsGzipKiB: number;
  jsFiles: number;
  firstRowsMs: number;
  /** Each file downloaded: its name and gzip KiB, largest first. */
  files: [string, number][];
}

interface App {
  loginUrl: string;
  listUrl: string;
}

const COLD_RUNS = 3;

/** Builds the product's UI and the minimal app; answers the figures of both, measured against `dataDir`. */
export async function frontEnd(
  dataDir: string,
  newestProduct: string,
): Promise<{ ours: FrontEndFigures; minimal: FrontEndFigures }> {
  const out = mkdtempSync(join(os.tmpdir(), 'mpa-minimal-'));
  try {
    await build({ logLevel: 'warn' });
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
  }
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
    for (let i = 0; i < COLD_RUNS; i++) {
      const cold = await browser.newContext({ viewport: { width: 1280, height: 800 }, storageState: state });
      const p = await cold.newPage();
      const start = Date.now();
      await p.goto(`${server.url}${app.listUrl}`, { waitUntil: 'commit' });
      await firstRows(p, newestProduct);
      times.push(Date.now() - start);
      await cold.close();
    }
    const sizes = [...scripts.values()];
    return {
      jsGzipKiB: sizes.reduce((a, b) => a + b, 0) / 1024,
      jsFiles: sizes.length,
      firstRowsMs: times.sort((a, b) => a - b)[Math.floor(times.length / 2)],
      files: [...scripts]
        .map(([url, size]): [string, number] => [new URL(url).pathname.split('/').pop()!, size / 1024])
        .sort((a, b) => b[1] - a[1]),
    };
  } finally {
    await server.stop();
  }
}

/** The newest product's name in a table row: the first page of both lists (newest first) is on screen. */
const firstRows = (page: Page, name: string) =>
  page.locator('tbody tr', { hasText: name }).first().waitFor({ state: 'visible', timeout: 60_000 });
