/**
 * The list's Export and Import buttons in a real browser: the export is the server's streamed CSV of what the list's
 * filters select (all pages), with a BOM, in the user's language; an import shows its progress, lists the refused
 * rows and stores nothing then, and stores every row of a good file.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { boot, goIn, session, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(async () => {
  await shutdown(server, browser);
});

describe('export', () => {
  it('downloads every filtered order, not just the page, in Chinese', async () => {
    const { context, page, errors } = await session(browser, server.url, { lang: 'zh' });
    await goIn(page, `/oms/order`);
    const completed = page.getByRole('tab', { name: /^已完成 \(\d+\)$/ });
    await completed.click();
    // The router applies the filter in a transition: the export reads it once the tab shows it chosen.
    await expect.poll(() => completed.getAttribute('aria-selected')).toBe('true');
    const tab = await completed.innerText();
    const count = Number(/\((\d+)\)/.exec(tab)![1]);
    expect(count).toBeGreaterThan(10);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    expect(download.suggestedFilename()).toMatch(/^order-\d{8}\.csv$/);
    // The run's Chromium is shared (connected to, not launched here): the file is copied out, not read in place.
    const saved = join(mkdtempSync(join(tmpdir(), 'export-')), download.suggestedFilename());
    await download.saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\n');
    expect(lines[0].split(',')).toContain('订单编号');
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((l) => l.includes(',已完成,'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('imports members from a CSV: a refused file is listed row by row and stores nothing, a good one all rows', async () => {
    const { context, page, errors } = await session(browser, server.url);
    await goIn(page, `/member/memberList`);
    await expect.poll(() => page.getByRole('button', { name: 'Import' }).count()).toBe(1);
    const shopId = await page.evaluate(async () => {
      const r = await fetch('/api/shop/list', { headers: { Authorization: localStorage.getItem('loginToken') ?? '' } });
      return (await r.json()).data.list[0].id as number;
    });
    const file = (name: string, rows: string[]) => ({
      name,
      mimeType: 'text/csv',
      buffer: Buffer.from(['Username,Country,Shop', ...rows].join('\n')),
    });
    await page.getByTestId('import-file').setInputFiles(file('bad.csv', [`csv.alpha,US,${shopId}`, `x,US,${shopId}`]));
    const report = page.getByTestId('import-report');
    await expect.poll(() => report.locator('tbody tr').count()).toBe(1);
    expect(await report.locator('tbody tr').first().innerText()).toMatch(
      /^2\s+Username: Length must be between 2 and 64/,
    );
    await saveShot(page, 'import-refused-en-desktop.png');
    await page.getByRole('button', { name: 'Close' }).click();
    await page
      .getByTestId('import-file')
      .setInputFiles(file('good.csv', [`csv.alpha,US,${shopId}`, `csv.beta,CN,${shopId}`]));
    await expect.poll(() => page.getByText('2 records imported').count()).toBe(1);
    const found = await page.evaluate(async () => {
      const r = await fetch('/api/member/list?keyword=csv.&pageSize=10', {
        headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
      });
      return (await r.json()).data.list.map((m: { username: string }) => m.username).sort();
    });
    expect(found).toEqual(['csv.alpha', 'csv.beta']);
    expect(errors).toEqual([]);
    await context.close();
  });
});
