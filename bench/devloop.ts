/**
 * The dev loop: in a copy of the project, `npm run dev` (scripts/dev.ts) runs with Chromium on the brand's create
 * screen; a new property is saved into schemas/brand.json and the time is taken until its label is on that screen
 * (codegen, Vite's reload), and until the API lists brands with the new field (codegen, bundle, server restart,
 * migration). Five saves, each a new field; the median is the figure (devLoopMedian).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { copyProject } from '../scripts/project-copy.js';

export interface DevLoopRun {
  /** From the save to the label on screen. */
  screenMs: number;
  /** From the save to the API answering with the new field. */
  apiMs: number;
  /** What the loop itself printed: codegen's and the server's restart time. */
  codegenMs: number;
  serverMs: number;
  /** Codegen runs the save caused (one: the loop takes a save's file events together). */
  codegenRuns: number;
}

/** The median of the runs' figures, as the bench reports them. */
export function devLoopMedian(runs: DevLoopRun[]): DevLoopRun {
  const median = (k: keyof DevLoopRun) => {
    const v = runs.map((r) => r[k]).sort((a, b) => a - b);
    return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  };
  return {
    screenMs: median('screenMs'),
    apiMs: median('apiMs'),
    codegenMs: median('codegenMs'),
    serverMs: median('serverMs'),
    codegenRuns: median('codegenRuns'),
  };
}

export async function devLoop(runs = 5): Promise<DevLoopRun[]> {
  const root = resolve(import.meta.dirname, '..');
  const temp = mkdtempSync(join(os.tmpdir(), 'dev-loop-'));
  copyProject(root, temp);
  const [uiPort, apiPort] = [15173, 18080];
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    cwd: temp,
    env: { ...process.env, PORT: String(apiPort), DEV_PORT: String(uiPort), DATA_DIR: join(temp, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const waitFor = async (test: () => boolean | Promise<boolean>, what: string, ms = 60_000) => {
    const end = Date.now() + ms;
    while (!(await test())) {
      if (Date.now() > end) throw new Error(`dev loop: no ${what} after ${ms} ms\n${out}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    await waitFor(() => out.includes('UI at'), 'UI');
    const ui = `http://localhost:${uiPort}`;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${ui}/login`);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('admin123');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
    const login = await fetch(`${ui}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    await page.goto(`${ui}/pms/addBrand`);
    await page.getByText('Brand story').first().waitFor({ timeout: 60_000 });

    const results: DevLoopRun[] = [];
    const file = join(temp, 'schemas/brand.json');
    for (let i = 1; i <= runs; i++) {
      const field = `devLoopNote${i}`;
      const label = `Dev loop note ${i}`;
      const schema = JSON.parse(readFileSync(file, 'utf8'));
      schema.properties[field] = { type: 'string', maxLength: 40 };
      schema['x-admin'].fields[field] = { en: label, zh: `开发备注 ${i}` };
      const printed = out.length;
      const saved = Date.now();
      writeFileSync(file, JSON.stringify(schema, null, 2));
      await page.getByText(label).first().waitFor({ timeout: 60_000 });
      const screenMs = Date.now() - saved;
      await waitFor(async () => {
        const res = await fetch(`${ui}/api/brand/list?pageSize=1`, {
          headers: { authorization: `Bearer ${token}` },
        }).catch(() => undefined);
        const body = res?.ok ? ((await res.json()) as { data?: { list?: Record<string, unknown>[] } }) : undefined;
        return !!body?.data?.list?.[0] && field in body.data.list[0];
      }, `field ${field} in the API`);
      const apiMs = Date.now() - saved;
      // A second codegen run of the same save would start after the first: give it the time to show.
      await new Promise((r) => setTimeout(r, 1000));
      const log = out.slice(printed);
      results.push({
        screenMs,
        apiMs,
        codegenMs: Number(/codegen: \d+ file\(s\) changed in (\d+) ms/.exec(log)?.[1] ?? NaN),
        serverMs: Number(/server up on port \d+ in (\d+) ms/.exec(log)?.[1] ?? NaN),
        codegenRuns: log.match(/codegen: \d+ file\(s\) changed/g)?.length ?? 0,
      });
      console.log(`dev loop save ${i}:`, results.at(-1));
    }
    // The form the loop updated in place saves the new field through the new server.
    const last = `Dev loop note ${runs}`;
    await page.getByLabel('Name').first().fill('Dev loop brand');
    await page.getByLabel(last).first().fill('kept');
    await page.getByRole('button', { name: 'Save' }).click();
    await waitFor(async () => {
      const res = await fetch(`${ui}/api/brand/list?keyword=Dev%20loop%20brand`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const list = ((await res.json()) as { data?: { list?: Record<string, unknown>[] } }).data?.list ?? [];
      return list.some((b) => b[`devLoopNote${runs}`] === 'kept');
    }, 'the brand saved from the updated form');
    return results;
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(temp, { recursive: true, force: true });
  }
}
