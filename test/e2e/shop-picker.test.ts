/**
 * The shop picker of shop-scoped records in a real browser: required; a seller's own shops only (preselected when
 * there is one); every shop for platform staff; the product form (hand-written) and a generated form (member) alike.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, login, openPage, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});
afterAll(async () => shutdown(server, browser));

/** Names of the shops the logged-in user sees, from the API. */
async function shopNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const res = await fetch('/api/shop/list?pageSize=100&sort=id&order=asc', {
      headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
    });
    return (await res.json()).data.list.map((s: { shopName: string }) => s.shopName);
  });
}

/** The picker's input (named for its source). */
const shopBox = (page: Page) => page.locator('input[name="shopId"]');

async function options(page: Page): Promise<string[]> {
  await shopBox(page).click();
  const list = page.getByRole('listbox');
  await list.waitFor();
  const names = await list.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return names.sort();
}

describe('shop picker', () => {
  it('a seller with two shops must choose one of its own on the product form', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url, 'seller', 'seller123');
    const mine = await shopNames(page);
    expect(mine).toHaveLength(2);
    await page.goto(`${server.url}/product/create`);
    await shopBox(page).waitFor();
    expect(await shopBox(page).inputValue()).toBe('');
    expect(await options(page)).toEqual([...mine].sort());
    // saving without a shop is stopped on screen
    await page.locator('input[name="name"]').fill('Picked shop product');
    await page.getByRole('button', { name: 'Save' }).click();
    const helper = await shopBox(page).getAttribute('aria-describedby');
    await expect.poll(() => page.locator(`[id="${helper}"]`).textContent()).toBe('Required');
    // The refused save focuses the shop; its list stays closed, over no other error.
    await expect.poll(() => shopBox(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await shopBox(page).fill(mine[1]);
    await page.getByRole('option', { name: mine[1], exact: true }).click();
    expect(await shopBox(page).inputValue()).toBe(mine[1]);
    await saveShot(page, 'shop-picker-seller-desktop-en.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a seller with one shop finds it preselected', async () => {
    for (const [lang, viewport] of [
      ['en', { width: 390, height: 844 }],
      ['zh', { width: 1280, height: 800 }],
    ] as const) {
      const { context, page, errors } = await openPage(browser, { viewport });
      await login(page, server.url, 'seller2', 'seller123');
      const [only] = await shopNames(page);
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto(`${server.url}/product/create`);
      await expect.poll(() => shopBox(page).inputValue(), { timeout: 20_000 }).toBe(only);
      const phone = viewport.width < 768 ? 'phone' : 'desktop';
      await saveShot(page, `shop-picker-one-shop-${phone}-${lang}.png`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('platform staff choose among every shop, on the product form and on a generated form', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await login(page, server.url);
    const all = await shopNames(page);
    expect(all.length).toBeGreaterThanOrEqual(3);
    await page.evaluate(() => localStorage.setItem('lang', 'zh'));
    await page.goto(`${server.url}/product/create`);
    await shopBox(page).waitFor();
    expect(await shopBox(page).inputValue()).toBe('');
    expect(await options(page)).toEqual([...all].sort());
    await saveShot(page, 'shop-picker-admin-phone-zh.png');

    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/member/create`);
    await shopBox(page).waitFor();
    expect(await options(page)).toEqual([...all].sort());
    await shopBox(page).click();
    await page.getByRole('option', { name: all[2], exact: true }).click();
    await page.locator('input[name="username"]').fill('picked.shop');
    await saveShot(page, 'shop-picker-member-desktop-en.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => !u.pathname.endsWith('/create'));
    const saved = await page.evaluate(async () => {
      const res = await fetch('/api/member/list?keyword=picked.shop', {
        headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
      });
      return (await res.json()).data.list[0];
    });
    const shops = await page.evaluate(async () => {
      const res = await fetch('/api/shop/list?pageSize=100&sort=id&order=asc', {
        headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
      });
      return (await res.json()).data.list as { id: number; shopName: string }[];
    });
    expect(saved.shopId).toBe(shops.find((s) => s.shopName === all[2])!.id);
    expect(errors).toEqual([]);
    await context.close();
  });
});
