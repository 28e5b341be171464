/**
 * The spine in a real browser (issue 2): login and the menu-built sidebar, brand CRUD with the spec's validation
 * message, the language switch, public and guarded routes, the mobile bottom bar and the 401 dialog.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, login, openPage, shutdown, unfold, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

/** Reads a brand straight from the API, as the test's independent witness of what was stored. */
async function apiBrands(page: Page, keyword: string): Promise<{ id: number; name: string }[]> {
  return page.evaluate(async (kw) => {
    const res = await fetch(`/api/brand/list?pageSize=1000&keyword=${encodeURIComponent(kw)}`, {
      headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
    });
    return (await res.json()).data.list;
  }, keyword);
}

describe('admin shell', () => {
  it('logs in as the seeded admin and shows the sidebar built from the menus', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
    for (const group of ['Shop', 'Stores', 'Products', 'Orders', 'Marketing', 'Users', 'Permissions']) {
      await expect.poll(() => page.getByText(group, { exact: true }).count()).toBeGreaterThan(0);
    }
    await saveShot(page, 'home.png');
    // Each group opened in turn: every label is readable in full (a long one wraps), none cut by an ellipsis.
    const sidebar = page.locator('.RaSidebar-fixed');
    const groups = sidebar.locator('[aria-expanded]');
    const cut: string[] = [];
    let seen = 0;
    for (let i = 0; i < (await groups.count()); i++) {
      await unfold(groups.nth(i));
      const labels = sidebar.locator('.MuiMenuItem-root .MuiTypography-root');
      await expect.poll(() => labels.count()).toBeGreaterThan(i);
      seen += await labels.count();
      cut.push(
        ...(await labels.evaluateAll((all) =>
          all.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent ?? ''),
        )),
      );
    }
    expect(seen).toBeGreaterThan(20);
    await sidebar.getByText('Brand recommendation', { exact: true }).scrollIntoViewIfNeeded();
    await saveShot(page, 'sidebar-open.png');
    expect([...new Set(cut)]).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates, refuses a one-letter name, edits and deletes a brand', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);
    await page.goto(`${server.url}/pms/brand`);
    await page.waitForURL((u) => u.pathname === '/pms/brand');
    await expect.poll(() => page.getByText('Apple', { exact: true }).count()).toBeGreaterThan(0);

    await page.goto(`${server.url}/pms/addBrand`);
    await page.waitForURL((u) => u.pathname === '/pms/addBrand');
    const name = page.locator('input[name="name"]');
    await name.fill('Q');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByText('Length must be between 2 and 140 characters').count()).toBeGreaterThan(0);
    // Every brand, not a search: a one-letter keyword is too short to search by.
    expect((await apiBrands(page, '')).filter((b) => b.name === 'Q')).toEqual([]);

    await name.fill('Quokka Gear');
    await page.locator('input[name="firstLetter"]').fill('Q');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/pms/brand');
    const [created] = await apiBrands(page, 'Quokka');
    expect(created?.name).toBe('Quokka Gear');
    // The new brand (sort 0) is on screen after saving, not on a late page of a list sorted by `sort`.
    await expect.poll(() => page.locator('tbody tr').first().textContent()).toContain('Quokka Gear');

    await page.goto(`${server.url}/pms/updateBrand?id=${created.id}`);
    await page.waitForURL((u) => u.pathname === '/pms/updateBrand' && u.searchParams.get('id') === String(created.id));
    await expect.poll(() => page.locator('input[name="name"]').inputValue()).toBe('Quokka Gear');
    await page.locator('input[name="name"]').fill('Quokka Outdoor');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/pms/brand');
    await expect.poll(async () => (await apiBrands(page, 'Quokka'))[0]?.name).toBe('Quokka Outdoor');

    await page.goto(`${server.url}/brand/${created.id}`);
    await page.getByRole('button', { name: /delete/i }).click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: /confirm|delete|yes/i });
    if (await confirm.count()) await confirm.first().click();
    await page.waitForURL((u) => u.pathname === '/pms/brand');
    await expect.poll(async () => (await apiBrands(page, 'Quokka')).length).toBe(0);
    await saveShot(page, 'brands.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to Chinese and back', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);
    await page.getByRole('button', { name: /language|语言/i }).click();
    await page.getByRole('menuitem', { name: '中文' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('zh');
    await expect.poll(() => page.getByText('商品', { exact: true }).count()).toBeGreaterThan(0);
    await saveShot(page, 'home-zh.png');
    await page.getByRole('button', { name: /language|语言/i }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    await expect.poll(() => page.getByText('Products', { exact: true }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends unknown paths to /404 and logged-out visitors to /login', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.url}/404`);
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
    await page.goto(`${server.url}/pms/brand`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${server.url}/homer`);
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /log in/i })
          .or(page.getByRole('button', { name: /log in/i }))
          .count(),
      )
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/homer');
    await login(page, server.url);
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL((u) => u.pathname === '/404');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the bottom bar instead of the sidebar on a phone', async () => {
    const { context, page, errors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await login(page, server.url);
    const bar = page.locator('.MuiBottomNavigation-root');
    await expect.poll(() => bar.isVisible()).toBe(true);
    await expect.poll(() => bar.getByText('Products').count()).toBe(1);
    await saveShot(page, 'mobile.png');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => bar.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks to log in again when the server answers 401', async () => {
    const { context, page, errors } = await openPage(browser);
    await login(page, server.url);
    await page.evaluate(() => localStorage.setItem('loginToken', 'Bearer not-a-valid-token'));
    await page.goto(`${server.url}/pms/brand`);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Confirm logout').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/pms/brand');
    await page.reload();
    await page.getByRole('dialog').getByRole('button', { name: 'Log in again' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('loginToken'))).toBeNull();
    // The 401 answers themselves are expected network errors; nothing else may reach the console.
    expect(errors.filter((e) => !/401|Unauthorized|Not logged in/i.test(e))).toEqual([]);
    await context.close();
  });
});
