/**
 * The list's Export button in a real browser: the file is the server's streamed CSV of what the list's filters
 * select (all pages), with a BOM, in the user's language.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { boot, session, shutdown, type Running } from './harness';

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
    await page.goto(`${server.url}/oms/order`);
    await page.getByRole('tab', { name: /^已完成 \(\d+\)$/ }).click();
    const tab = await page.getByRole('tab', { name: /^已完成 \(\d+\)$/ }).innerText();
    const count = Number(/\((\d+)\)/.exec(tab)![1]);
    expect(count).toBeGreaterThan(10);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
    expect(download.suggestedFilename()).toMatch(/^order-\d{8}\.csv$/);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split('\n');
    expect(lines[0].split(',')).toContain('订单编号');
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((l) => l.includes(',已完成,'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
