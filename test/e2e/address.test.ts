/**
 * The address bar shows the description's paths (§2) on every screen: after clicks, in link targets, after a
 * reload and the back button; an old react-admin path typed by hand is shown as its spec path.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities } from '../../generated/entities';
import { boot, login, openPage, shutdown, unfold, type Running } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

/** Every address the tab showed, history API navigations included. */
function addressesOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
  });
  return seen;
}

/** react-admin's own paths: `/<resource>` and below. */
const internal = new RegExp(`^/(${Object.keys(entities).join('|')})(/|$)`);
const here = (page: Page) => {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
};

describe('address bar', () => {
  it('shows spec paths while an admin browses, edits and goes back', async () => {
    const { context, page, errors } = await openPage(browser);
    const seen = addressesOf(page);
    await login(page, server.url);

    await unfold(
      page.locator('.RaSidebar-fixed [aria-expanded]').filter({ has: page.getByText('Products', { exact: true }) }),
    );
    await page.getByRole('menuitem', { name: 'Brands', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/pms/brand');
    const edit = page.locator('tbody tr').first().getByRole('link', { name: 'Edit' });
    const href = await edit.getAttribute('href');
    expect(href).toMatch(/^\/pms\/updateBrand\?id=\d+$/);
    await edit.click();
    await page.waitForURL((u) => u.pathname === '/pms/updateBrand');
    expect(here(page)).toBe(href);
    const name = await page.locator('input[name="name"]').inputValue();
    expect(name.length).toBeGreaterThan(1);

    await page.reload();
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe(name);
    expect(here(page)).toBe(href);
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/pms/brand');

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((u) => u.pathname === '/pms/addBrand');

    await page.goto(`${server.url}/pms/product`);
    await page.getByRole('link', { name: 'Create' }).first().click();
    await page.waitForURL((u) => u.pathname === '/pms/addProduct');

    await page.goto(`${server.url}/ums/role`);
    await page.locator('tbody tr').first().getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL((u) => /^\/ums\/role\/\d+$/.test(u.pathname));

    expect(seen.filter((p) => internal.test(p))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('rewrites an old react-admin path to its spec path', async () => {
    const { context, page } = await openPage(browser);
    await login(page, server.url);
    await page.goto(`${server.url}/brand/1`);
    await page.waitForURL((u) => u.pathname === '/pms/updateBrand' && u.searchParams.get('id') === '1');
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).not.toBe('');
    await page.goto(`${server.url}/productCategory`);
    await page.waitForURL((u) => u.pathname === '/pms/productCate');
    await context.close();
  });
});
