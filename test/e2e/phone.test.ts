/**
 * The layout on a phone (390×844) and the sidebar on a desktop, measured in a real browser: nothing hides under the
 * bottom bar, every bottom item and product tab can be reached, lists use the phone layout, the breadcrumb stays
 * on one line; the collapsed sidebar pops its groups out on hover, in its own colours; http menus open a new tab;
 * category names are not cut; the allocate-menus tree has no scroll box of its own.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidebarColors } from '../../src/admin/components/sidebarColors';
import {
  boot,
  login,
  openPage,
  shutdown,
  PHONE,
  DESKTOP,
  session as openSession,
  type Running,
  type Viewport,
  saveShot,
  shotsDir,
  goIn,
  liftPointer,
} from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

const session = (viewport: Viewport, lang: 'en' | 'zh' = 'en', user = 'admin', password = 'admin123') =>
  openSession(browser, server.url, { user, password, lang, viewport });

/** The API as the logged-in page sees it: the test's witness of what was stored. */
async function apiCall(page: Page, path: string, body?: unknown) {
  return page.evaluate(
    async ([p, b]) => {
      const res = await fetch(`/api${p}`, {
        method: b === undefined ? 'GET' : 'POST',
        headers: { Authorization: localStorage.getItem('loginToken') ?? '', 'Content-Type': 'application/json' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return res.json();
    },
    [path, body] as const,
  );
}

/** Polls up to 15 s: the machine is shared, screens can take a while to load. */
const poll = <T>(fn: () => T | Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, message });

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Whether a real tap at the element's centre lands on it (nothing drawn over it). */
const tappable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return r.right <= window.innerWidth && r.left >= 0 && !!hit && el.contains(hit);
  });

/** The Save button sits above the bottom bar, a tap reaches it, and the tap saves. */
async function saveAboveBottomBar(page: Page, shot: string) {
  const save = page.locator('button[type="submit"]').first();
  await poll(() => save.isVisible()).toBe(true);
  const bar = await box(page.locator('.MuiBottomNavigation-root'));
  const button = await box(save);
  expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
  // The last save's toast (3 s, just above the bar) may still be drawn over it: a person waits for it too.
  await poll(() => tappable(save)).toBe(true);
  await saveShot(page, shot);
  const { x, y, width, height } = button;
  await page.mouse.click(x + width / 2, y + height / 2);
  await liftPointer(page);
}

describe('phone layout', () => {
  it('keeps every form save toolbar above the bottom bar, and a tap on Save saves', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { context, page, errors } = await session(PHONE, lang);
      const brand = `Phone Brand ${lang}`;
      await goIn(page, `/pms/addBrand`);
      await page.locator('input[name="name"]').fill(brand);
      await page.locator('input[name="firstLetter"]').fill('P');
      await saveAboveBottomBar(page, `phone-brand-create-${lang}.png`);
      await poll(
        async () => (await apiCall(page, `/brand/list?keyword=${encodeURIComponent(brand)}`)).data.list.length,
      ).toBe(1);

      await goIn(page, `/shop/updateShop?id=1`);
      await poll(() => page.locator('input[name="city"]').inputValue()).not.toBe('');
      await page.locator('input[name="city"]').fill(`Phone City ${lang}`);
      await saveAboveBottomBar(page, `phone-shop-edit-${lang}.png`);
      await poll(async () => (await apiCall(page, '/shop/1')).data.city).toBe(`Phone City ${lang}`);

      await goIn(page, `/role/1`);
      await poll(() => page.locator('input[name="name"]').inputValue()).not.toBe('');
      await page.locator('[name="description"]').fill(`Edited on a phone (${lang})`);
      await saveAboveBottomBar(page, `phone-role-edit-${lang}.png`);
      await poll(async () => (await apiCall(page, '/role/1')).data.description).toBe(`Edited on a phone (${lang})`);

      // The product form: Save above the bar (the empty form is refused, so nothing is stored), Detail reachable.
      await goIn(page, `/pms/addProduct`);
      await page.locator('input[name="name"]').fill('Phone product'); // a pristine form's Save is disabled
      await saveAboveBottomBar(page, `phone-product-create-${lang}.png`);
      const detail = page.getByRole('tab', { name: lang === 'en' ? 'Detail' : '商品详情' });
      await poll(() => detail.count()).toBe(1);
      const next = page.locator('.MuiTabs-scrollButtons').last();
      for (let i = 0; i < 5 && !(await tappable(detail)); i++) {
        const b = await box(next);
        await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
        await page.waitForTimeout(400); // the tab strip scrolls smoothly
      }
      expect(await tappable(detail)).toBe(true);
      const d = await box(detail);
      await page.mouse.click(d.x + d.width / 2, d.y + d.height / 2);
      await poll(() => detail.getAttribute('aria-selected')).toBe('true');
      await saveShot(page, `phone-product-tabs-${lang}.png`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('scrolls a list past its floating Create button: the page buttons at its end can be tapped', async () => {
    const { context, page, errors } = await session(PHONE);
    await goIn(page, `/pms/product`);
    const fab = page.locator('.RaCreateButton-floating');
    const nextPage = page.getByRole('button', { name: /next page/i });
    await poll(() => nextPage.count()).toBe(1);
    await poll(() => fab.isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await poll(() => tappable(nextPage)).toBe(true);
    const f = await box(fab);
    const n = await box(nextPage);
    expect(n.y + n.height).toBeLessThanOrEqual(f.y);
    await saveShot(page, 'phone-list-end.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits all bottom-bar items, each tappable, and keeps the breadcrumb on one line', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { context, page, errors } = await session(PHONE, lang);
      await goIn(page, `/pms/addProductAttr?cid=1`);
      const items = page.locator('.MuiBottomNavigationAction-root');
      await poll(() => items.count()).toBe(7);
      // The bar is laid out once the page's permission check answered (the page draws nothing before).
      for (let i = 0; i < 7; i++) await poll(() => tappable(items.nth(i))).toBe(true);
      const permissions = items.nth(6);
      const p = await box(permissions);
      await page.mouse.click(p.x + p.width / 2, p.y + p.height / 2);
      await poll(() => page.getByRole('menu').getByRole('menuitem').count()).toBeGreaterThan(1);
      if (shotsDir) await page.waitForTimeout(400); // only for the picture: the pop-up fades in
      await saveShot(page, `phone-bottom-bar-${lang}.png`);
      await page.keyboard.press('Escape');

      const crumb = await box(page.locator('nav.MuiBreadcrumbs-root'));
      const language = await box(page.getByRole('button', { name: lang === 'en' ? 'Language' : '语言' }));
      expect(crumb.height).toBeLessThanOrEqual(32);
      expect(crumb.x + crumb.width).toBeLessThanOrEqual(language.x);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows every hand-written list in the phone layout, with no sideways scrolling', async () => {
    const lists = [
      '/pms/product',
      '/shop/shopList',
      '/member/memberList',
      '/ums/admin',
      '/ums/role',
      '/ums/menu',
      '/ums/resource',
      '/ums/resourceCategory',
      '/pms/productCate',
      '/pms/productAttr',
      '/pms/productAttrList?cid=1',
      '/pms/brand',
    ];
    for (const lang of ['en', 'zh'] as const) {
      const { context, page, errors } = await session(PHONE, lang);
      for (const path of lists) {
        await goIn(page, path);
        await poll(() => page.locator('.RaList-content .MuiListItem-root').count(), path).toBeGreaterThan(0);
        expect(await page.locator('table').count(), path).toBe(0);
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(wide, path).toBeLessThanOrEqual(0);
        if (path === '/pms/product' || path === '/ums/role') {
          await saveShot(page, `phone-list${path.replace(/\//g, '-')}-${lang}.png`, { fullPage: true });
        }
      }
      // The VIP grants on the pay page (platform staff), outside any list screen.
      await goIn(page, `/pay/index`);
      await poll(() => page.locator('.RaLayout-content .MuiListItem-root').count()).toBeGreaterThan(0);
      expect(await page.locator('table').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('desktop sidebar and pickers', () => {
  it('keeps tables and the save bar of a desktop', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { context, page, errors } = await session(DESKTOP, lang);
      for (const path of ['/pms/product', '/ums/role']) {
        await goIn(page, path);
        await poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
        await saveShot(page, `desktop-list${path.replace(/\//g, '-')}-${lang}.png`);
      }
      await goIn(page, `/pms/addBrand`);
      await page.locator('input[name="name"]').fill('Desktop');
      await poll(() => page.locator('button[type="submit"]').isEnabled()).toBe(true);
      await saveShot(page, `desktop-brand-create-${lang}.png`);
      await goIn(page, `/pms/addProduct`);
      await poll(() => page.getByRole('tab').count()).toBe(4);
      await saveShot(page, `desktop-product-tabs-${lang}.png`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('pops a group out on hover of the collapsed sidebar, after the delay, in the sidebar colours', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { context, page, errors } = await openPage(browser, { viewport: DESKTOP });
      await context.addInitScript((l) => {
        localStorage.setItem('lang', l);
        localStorage.setItem('sidebarStatus', '0');
      }, lang);
      await login(page, server.url);
      const group = page
        .locator('nav .MuiMenuItem-root')
        .filter({ hasText: lang === 'en' ? 'Products' : '商品' })
        .first();
      await poll(() => group.isVisible()).toBe(true);
      // The pop-out's menu, not the sidebar's own (also a menu).
      const popup = page.locator('.MuiPopper-root').getByRole('menu');
      const started = Date.now();
      await group.hover();
      await poll(() => popup.isVisible()).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      const paper = popup.locator('xpath=ancestor::*[contains(@class,"MuiPaper-root")][1]');
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(sidebarColors.background.slice(i, i + 2), 16));
      expect(await paper.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(`rgb(${r}, ${g}, ${b})`);
      await saveShot(page, `desktop-collapsed-popover-${lang}.png`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows a granted http menu in the sidebar, opening a new tab', async () => {
    const { context, page, errors } = await session(DESKTOP);
    const url = 'https://example.com/help';
    const made = await apiCall(page, '/menu/create', {
      parentId: 0,
      title: 'Help centre',
      level: 0,
      name: url,
      sort: 0,
      hidden: 0,
    });
    expect(made.code).toBe(200);
    await page.reload();
    const link = page.locator(`a[href="${url}"]`);
    await poll(() => link.count()).toBe(1);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.innerText()).toContain('Help centre');
    await apiCall(page, `/menu/delete/${made.data.id}`, {});
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows whole category names in the category select', async () => {
    const { context, page, errors } = await session(DESKTOP);
    await goIn(page, `/pms/addProduct`);
    const pickOption = async (testId: string, name: string) => {
      await page.locator(`[data-testid="${testId}"]`).locator('xpath=..').locator('[role="combobox"]').click();
      const option = page.getByRole('option', { name });
      await poll(() => option.count()).toBe(1);
      expect(await option.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await option.click();
      await poll(() => option.count()).toBe(0); // the menu has closed
    };
    await pickOption('category-parent', 'Home appliances');
    await pickOption('category-child', 'Washing machines');
    const selected = page.locator('[data-testid="category-child"]').locator('xpath=..').locator('[role="combobox"]');
    await poll(() => selected.innerText()).toBe('Washing machines');
    expect(await selected.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await saveShot(page, 'desktop-category-select.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets the page, not an inner box, scroll the allocate-menus tree', async () => {
    const { context, page, errors } = await session(DESKTOP);
    await goIn(page, `/ums/allocMenu?roleId=1`);
    const tree = page.locator('input[type="checkbox"]').first();
    await poll(() => tree.count()).toBe(1);
    const boxed = await tree.evaluate((el) => {
      for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
        const { overflowY } = getComputedStyle(n);
        if ((overflowY === 'auto' || overflowY === 'scroll') && n.scrollHeight > n.clientHeight) return true;
      }
      return false;
    });
    expect(boxed).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
