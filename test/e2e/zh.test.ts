/**
 * Chinese mode leaves no English: seeded values (roles, menus, resources, member levels, categories) translated at
 * display, the rich-text toolbar, aria-labels, and <html lang>.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, goIn, shutdown, PHONE, session as openSession, type Running, type Viewport, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

const LATIN_WORD = /[A-Za-z]{2,}/;

const zhSession = (viewport?: Viewport) => openSession(browser, server.url, { lang: 'zh', viewport });

/** The texts of the cells, once the list has rows. */
async function texts(cells: Locator): Promise<string[]> {
  await expect.poll(() => cells.count(), { timeout: 20_000 }).toBeGreaterThan(0);
  return cells.allInnerTexts();
}

/** Texts with an English word; VIP and SKU are what Chinese says too. */
const english = (values: string[]) => values.filter((v) => LATIN_WORD.test(v.replace(/\b(VIP|SKU)\b/g, '')));
const shot = (page: Page, name: string) => saveShot(page, `${name}.png`);

describe('Chinese everywhere', () => {
  it('translates seeded roles, menus and resources, and the page says it is Chinese', async () => {
    const { context, page } = await zhSession();
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-CN');
    await expect.poll(() => page.getByText(/您的角色：超级管理员/).count(), { timeout: 20_000 }).toBe(1); // dashboard

    await goIn(page, `/ums/role`);
    const roles = await texts(page.locator('tbody td.column-name, tbody td.column-description'));
    expect(english(roles)).toEqual([]);
    expect(roles).toContain('超级管理员');
    await shot(page, 'zh-roles');

    await goIn(page, `/ums/menu`);
    expect(english(await texts(page.locator('tbody td.column-title')))).toEqual([]);

    await goIn(page, `/ums/resource`);
    const resources = await texts(page.locator('tbody td.column-name, tbody td.column-categoryId'));
    expect(english(resources)).toEqual([]);
    const navs = await page
      .locator('nav[aria-label]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
    expect(navs.length).toBeGreaterThanOrEqual(2); // breadcrumb and pagination
    expect(english(navs)).toEqual([]);
    await shot(page, 'zh-resources');
    await context.close();
  });

  it('translates member levels, categories and the rich-text toolbar (phone)', async () => {
    const { context, page } = await zhSession(PHONE);
    await goIn(page, `/member/create`);
    await page.locator('input[name="memberLevelId"]').click();
    const levels = await texts(page.getByRole('option'));
    expect(english(levels)).toEqual([]);
    expect(levels).toContain('黄金会员');
    await shot(page, 'zh-member-levels-phone');
    await context.close();
  });

  it('translates the category list and the product editor toolbar (desktop)', async () => {
    const { context, page } = await zhSession();
    await goIn(page, `/pms/productCate`);
    const categories = await texts(page.locator('tbody td.column-name, tbody td.column-productUnit'));
    expect(english(categories)).toEqual([]);
    expect(categories).toContain('服装');
    await shot(page, 'zh-categories');

    // The product form's category picker names the seeded categories in Chinese too.
    await goIn(page, `/pms/updateProduct?id=1`);
    await expect.poll(() => page.getByRole('combobox', { name: '一级分类' }).textContent()).toBe('服装');
    expect(await page.getByRole('combobox', { name: /^商品分类/ }).textContent()).toBe('T恤');

    await goIn(page, `/pms/addProduct`);
    await page.getByRole('tab', { name: '商品详情' }).click();
    const toolbar = page.locator('.RaRichTextInputToolbar-root').first();
    await expect.poll(() => toolbar.locator('[aria-label]').count(), { timeout: 20_000 }).toBeGreaterThan(10);
    const labels = await toolbar
      .locator('[aria-label]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
    expect(english(labels)).toEqual([]);
    expect(english([await toolbar.innerText()])).toEqual([]); // the block menu's current level ("正文")
    await shot(page, 'zh-rich-text');
    await context.close();
  });
});
