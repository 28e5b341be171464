/**
 * The admin with the keyboard alone (WCAG 2.1.1): log in, open the product list from the sidebar, find a product,
 * edit and save it, ship an order, switch the language. Only Tab, Enter, Space, arrows and typing; every control
 * reached by Tab shows where the focus is.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, boot, openPage, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

type Focused = { matches: boolean; name: string; focusVisible: boolean; visible: boolean };

/** What Tab landed on while unseen: should stay empty. */
const hidden: string[] = [];

/**
 * Presses Tab until the focused element matches `selector` (and its accessible text `name`), as a keyboard user
 * would walk the page; fails when `max` presses do not get there.
 */
async function tabTo(page: Page, selector: string, name?: RegExp, max = 250): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f: Focused = await page.evaluate((sel) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return { matches: false, name: '', focusVisible: false, visible: false };
      const label = el.getAttribute('aria-label') ?? el.textContent ?? '';
      return {
        matches: el.matches(sel),
        name: (label || el.getAttribute('name') || '').trim(),
        focusVisible: el.matches(':focus-visible'),
        // Tab must not land on something unseen (folded away or of no size).
        visible: el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().height > 0,
      };
    }, selector);
    seen.push(f.name.slice(0, 30));
    if (!f.visible && f.name) hidden.push(f.name.slice(0, 30));
    if (f.matches && (!name || name.test(f.name))) {
      expect(f.focusVisible, `${selector} ${name ?? ''} shows its focus`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${selector} ${name ?? ''}; focus went through: ${seen.join(' | ')}`);
}

/** Presses `key` until the focused element's text matches `name`. */
async function arrowTo(page: Page, key: string, name: RegExp, max = 20): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const text = await page.evaluate(() => document.activeElement?.textContent ?? '');
    seen.push(text);
    if (name.test(text.replace(/\s+/g, ' ').trim())) return;
  }
  throw new Error(`${key} never reached ${name}; focus went through: ${seen.join(' | ')}`);
}

/** The focused button, link or menu item draws a focus outline (the theme's focus ring). */
async function expectFocusRing(page: Page): Promise<void> {
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe('none');
}

const shot = (page: Page, name: string) => saveShot(page, `keyboard-${name}.png`);

describe('keyboard only', () => {
  // One journey through four screens a key at a time: 22 s alone, past the project's 120 s beside the whole suite on a
  // slow machine.
  it('logs in, edits a product, ships an order and switches the language', async () => {
    const { context, page, errors } = await openPage(browser);
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    });

    // Log in.
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="username"]').waitFor();
    await tabTo(page, 'input[name="username"]');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('admin123');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/home', { timeout: 30_000 });

    // The product list, from the sidebar.
    await tabTo(page, '[role="menuitem"]', /^Products$/);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await tabTo(page, 'a[role="menuitem"]', /^Product list$/);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/pms/product');

    // Find a product by its name, open it, rename it and save.
    const [product] = (await apiData(page, '/product/list?pageSize=1&pageNum=1')).list as {
      id: number;
      name: string;
    }[];
    await tabTo(page, 'input[name="keyword"]');
    await page.keyboard.type(product!.name);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await tabTo(page, `a[href^="/pms/updateProduct?id=${product!.id}"]`);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/pms/updateProduct');
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe(product!.name);
    const renamed = `${product!.name} (keyboard)`;
    await tabTo(page, 'input[name="name"]');
    await page.keyboard.press('End');
    await page.keyboard.type(' (keyboard)');
    await tabTo(page, 'button[type="submit"]');
    await expectFocusRing(page);
    await shot(page, 'product-save');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/pms/product');
    await expect.poll(async () => (await apiData(page, `/product/updateInfo/${product!.id}`)).name).toBe(renamed);

    // Ship an order: the pending tab, a row's checkbox, Ship, the carrier and the tracking number.
    await tabTo(page, '[role="menuitem"]', /^Orders$/);
    await page.keyboard.press('Enter');
    await tabTo(page, 'a[role="menuitem"]', /^Order list$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/oms/order');
    // The product list stays on screen while the order list's code loads: wait for the order tabs before tabbing.
    await page.getByRole('tab', { name: /^Pending shipment/ }).waitFor();
    // Tabs are one tab stop (the selected tab); the arrow keys move between them.
    await tabTo(page, '[role="tab"][aria-selected="true"]');
    await expectFocusRing(page);
    await arrowTo(page, 'ArrowRight', /^Pending shipment/);
    await page.keyboard.press('Enter');
    const rows = () => page.locator('tbody tr').allInnerTexts();
    await expect
      .poll(async () => (await rows()).length > 0 && (await rows()).every((r) => r.includes('Pending shipment')))
      .toBe(true);
    const orderSn = (await page.locator('tbody tr').first().locator('td').nth(2).innerText()).trim();
    await tabTo(page, 'tbody input[type="checkbox"]');
    await page.keyboard.press('Space');
    await tabTo(page, 'button', /^Ship$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/oms/deliverOrderList');
    await tabTo(page, 'input[name="items.0.deliveryCompany"]');
    await page.keyboard.type('SF Express');
    await page.getByRole('option', { name: 'SF Express', exact: true }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, 'input[name="items.0.deliverySn"]');
    await page.keyboard.type('SFKEY0001');
    await tabTo(page, 'button', /^Ship now$/);
    await shot(page, 'ship');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/oms/order');
    const shipped = (await apiData(page, `/order/list?orderSn=${orderSn}`)).list[0];
    expect(shipped).toMatchObject({ status: 2, deliveryCompany: 'SF Express', deliverySn: 'SFKEY0001' });

    // Switch the language: the menu opens on the current one; the next is Chinese.
    await tabTo(page, 'button', /^Language/);
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menuitem', { name: '中文' }).count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');
    await expect.poll(() => page.getByText('订单列表').count()).toBeGreaterThan(0);
    await shot(page, 'zh');
    expect(hidden, 'Tab stops on unseen elements').toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
