/**
 * The shop dashboard in a real browser against the demo data: the figures are the server's one call, a shop can be
 * chosen, the chart switches between 7 and 30 days; a seller sees its own shops only. Screenshots in en and zh,
 * desktop and phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootShared, PHONE, session, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await bootShared();
});

afterAll(async () => {
  await shutdown(server, browser);
});

const shot = (page: Page, name: string) => saveShot(page, `${name}.png`, { fullPage: true });

async function summary(page: Page, query: string): Promise<any> {
  return page.evaluate(async (q) => {
    const r = await fetch(`/api/dashboard/summary?${q}`, {
      headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
    });
    return (await r.json()).data;
  }, query);
}

const daysWithOrders = (days: { orders: number }[]) => days.filter((d) => d.orders > 0).length;

const figure = (page: Page, label: string) =>
  page.locator('.MuiCard-root').filter({ hasText: label }).getByTestId('figure').innerText();

describe('dashboard', () => {
  it('shows the server’s figures for all shops and for one, and the chart over 7 and 30 days', async () => {
    const { context, page, errors } = await session(browser, server.url);
    await expect.poll(() => page.getByTestId('figure').count()).toBe(9);
    const offset = await page.evaluate(() => -new Date().getTimezoneOffset());
    const all = await summary(page, `days=7&offset=${offset}`);
    expect(await figure(page, 'Pending shipment')).toBe(String(all.pendingShipments));
    expect(await figure(page, 'Orders this month')).toBe(String(all.month.orders));
    expect(all.month.orders).toBeGreaterThanOrEqual(all.today.orders);
    expect(all.days).toHaveLength(7);
    // A bar for each day with orders (just after midnight, today may have none yet).
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBe(daysWithOrders(all.days));
    await shot(page, 'dashboard-en-desktop');

    // One shop.
    await page.getByRole('combobox', { name: 'Shop' }).click();
    const option = page.getByRole('option').nth(2);
    const shopName = await option.innerText();
    await option.click();
    const shops = await page.evaluate(async () => {
      const r = await fetch('/api/shop/list?pageSize=100', {
        headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
      });
      return (await r.json()).data.list as { id: number; shopName: string }[];
    });
    const shopId = shops.find((s) => s.shopName === shopName)!.id;
    const one = await summary(page, `days=7&offset=${offset}&shopId=${shopId}`);
    expect(one.pendingShipments).toBeLessThan(all.pendingShipments);
    await expect.poll(() => figure(page, 'Pending shipment')).toBe(String(one.pendingShipments));

    await page.getByRole('button', { name: 'Last 30 days' }).click();
    const month = await summary(page, `days=30&offset=${offset}&shopId=${shopId}`);
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBe(daysWithOrders(month.days));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a seller its own shops’ figures, in zh and on a phone', async () => {
    for (const [lang, viewport, suffix] of [
      ['zh', undefined, 'zh-desktop'],
      ['zh', PHONE, 'zh-phone'],
      ['en', PHONE, 'en-phone'],
    ] as const) {
      const { context, page, errors } = await session(browser, server.url, {
        user: 'seller',
        password: 'seller123',
        lang,
        viewport,
      });
      await expect.poll(() => page.getByTestId('figure').count()).toBe(9);
      const offset = await page.evaluate(() => -new Date().getTimezoneOffset());
      const mine = await summary(page, `days=7&offset=${offset}`);
      expect(await figure(page, lang === 'zh' ? '待发货订单' : 'Pending shipment')).toBe(String(mine.pendingShipments));
      await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBe(daysWithOrders(mine.days));
      await shot(page, `dashboard-seller-${suffix}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
