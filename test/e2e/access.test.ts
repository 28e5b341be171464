/**
 * Issue 3 in a real browser: seller tenancy and menus, a menu allocated to a role reaching its users, the VIP rule on
 * opening a shop (and the trial grant that lifts it), member approval, account and role management, register.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boot,
  login,
  openPage,
  shutdown,
  session as openSession,
  type Running,
  type Viewport,
  saveShot,
  goIn,
} from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

/** A fresh browser session logged in as `username`. */
const session = (user: string, password: string, viewport?: Viewport) =>
  openSession(browser, server.url, { user, password, viewport });

/** The API as the page's user sees it: the envelope, read independently of the screens. */
async function apiCall(
  page: Page,
  path: string,
  method = 'GET',
): Promise<{ code: number; message: string; data: any }> {
  return page.evaluate(
    async ([p, m]) => {
      const res = await fetch(`/api${p}`, {
        method: m,
        headers: { Authorization: localStorage.getItem('loginToken') ?? '' },
      });
      return res.json();
    },
    [path, method] as const,
  );
}

const sidebar = (page: Page) => page.locator('.MuiDrawer-root').first();
const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);
const row = (page: Page, text: string) => page.locator('tbody tr').filter({ hasText: text });

describe('permissions, tenancy, shops, VIP', () => {
  it('shows a seller only its menus and its own shops and members', async () => {
    const { context, page, errors } = await session('seller', 'seller123');
    const nav = sidebar(page);
    for (const group of ['Shop', 'Stores', 'Products', 'Orders', 'Marketing', 'Users']) {
      await expect.poll(() => nav.getByText(group, { exact: true }).count()).toBe(1);
    }
    expect(await nav.getByText('Permissions', { exact: true }).count()).toBe(0);

    await nav.getByText('Stores', { exact: true }).click();
    await nav.getByText('Shop list', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/shop/shopList');
    await expect.poll(() => row(page, 'Demo Fashion Store').count()).toBe(1);
    expect(await row(page, 'Demo Gadget Store').count()).toBe(1);
    expect(await page.getByText('Second Seller Books').count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Seller' }).count()).toBe(0);
    await saveShot(page, 'access-seller-shops.png');

    // The other seller's shop is "not found", the same as a missing one; the permission screens are not there.
    const books = (await apiCall(page, '/shop/list?pageSize=50')).data.list.map(
      (s: { shopName: string }) => s.shopName,
    );
    expect(books).not.toContain('Second Seller Books');
    expect((await apiCall(page, '/shop/3')).code).toBe(404);
    await goIn(page, `/ums/admin`);
    await page.waitForURL((u) => u.pathname === '/404');

    await goIn(page, `/member/memberList`);
    await expect.poll(() => row(page, 'li.lei').count()).toBe(1);
    expect(await page.getByText('mia.d').count()).toBe(0); // a member of seller2's shop
    await saveShot(page, 'access-seller-members.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a seller approve and reject pending members of its shop', async () => {
    const { context, page, errors } = await session('seller', 'seller123');
    await goIn(page, `/member/memberList`);
    await row(page, 'li.lei').getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => toast(page, 'Update successful').count()).toBe(1);
    await row(page, 'sato.yui').getByRole('button', { name: 'Reject' }).click();
    const members = async () =>
      Object.fromEntries(
        (await apiCall(page, '/member/list?pageSize=50')).data.list.map(
          (m: { username: string; applyStatus: number }) => [m.username, m.applyStatus],
        ),
      );
    await expect.poll(async () => (await members())['sato.yui']).toBe(2);
    expect((await members())['li.lei']).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives a role a menu that its users see after logging in again', async () => {
    const before = await session('operator', 'operator123');
    await expect.poll(() => sidebar(before.page).getByText('Products', { exact: true }).count()).toBe(1);
    expect(await sidebar(before.page).getByText('Members', { exact: true }).count()).toBe(0);
    await before.context.close();

    const { context, page, errors } = await session('admin', 'admin123');
    await goIn(page, `/ums/role`);
    await page.waitForURL((u) => u.pathname === '/ums/role');
    await row(page, 'Operator').getByRole('link', { name: 'Menus' }).click();
    await page.waitForURL((u) => u.pathname === '/ums/allocMenu');
    await expect.poll(() => page.getByText('Allocate menus: Operator').count()).toBeGreaterThan(0);
    const users = page.getByRole('checkbox', { name: 'Users', exact: true });
    expect(await users.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Products', exact: true }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: 'Members', exact: true }).click();
    await saveShot(page, 'access-alloc-menu.png');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.pathname === '/ums/role');
    expect(errors).toEqual([]);
    await context.close();

    const after = await session('operator', 'operator123');
    const nav = sidebar(after.page);
    // A group with a single granted child shows as that entry alone (spec §2).
    await expect.poll(() => nav.getByText('Members', { exact: true }).count()).toBe(1);
    expect(await nav.getByText('Referral links', { exact: true }).count()).toBe(0);
    expect(after.errors).toEqual([]);
    await after.context.close();
  });

  it('refuses a shop to a seller without VIP, until a platform admin grants it', async () => {
    const seller2 = await session('seller2', 'seller123');
    const { page } = seller2;
    await goIn(page, `/shop/addShop`);
    await page.waitForURL((u) => u.pathname === '/shop/addShop');
    await expect.poll(() => page.getByText('Opening a shop needs an active VIP membership.').count()).toBe(1);
    await page.locator('input[name="shopName"]').fill('Second Seller Music');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => toast(page, 'An active VIP membership is required to open a shop').count()).toBe(1);
    await saveShot(page, 'access-vip-refused.png');
    expect((await apiCall(page, '/shop/list?keyword=Music')).data.list).toEqual([]);

    const admin = await session('admin', 'admin123');
    await goIn(admin.page, `/pay/index`);
    const account = admin.page.getByRole('combobox', { name: 'Account' });
    await account.fill('seller2');
    await admin.page.getByRole('option', { name: 'seller2', exact: true }).click();
    // Chosen, not still being searched: a late search's answer redraws the options and can drop the choice.
    await expect.poll(() => admin.page.getByRole('option').count()).toBe(0);
    await expect.poll(() => account.inputValue()).toBe('seller2');
    await admin.page.getByRole('button', { name: 'Grant' }).click();
    await expect.poll(() => toast(admin.page, 'VIP membership granted').count()).toBe(1);
    await expect.poll(() => row(admin.page, 'seller2').count()).toBe(1);
    await saveShot(admin.page, 'access-vip-admin.png');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    await page.goto(`${server.url}/pay/index`);
    await expect
      .poll(() =>
        page
          .getByTestId('vip-status')
          .getByText(/Active until/)
          .count(),
      )
      .toBe(1);
    expect(await page.getByTestId('vip-trial').count()).toBe(1);
    // The plans load on their own: the 6-year list price, crossed out.
    await expect.poll(() => page.locator('s').filter({ hasText: '$7,200' }).count()).toBe(1);
    await page.goto(`${server.url}/shop/addShop`);
    await page.locator('input[name="shopName"]').fill('Second Seller Music');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/shop/shopList');
    await expect.poll(() => row(page, 'Second Seller Music').count()).toBe(1);
    expect(seller2.errors).toEqual([]);
    await seller2.context.close();
  });

  it('edits a shop without revealing or losing its PayPal secret', async () => {
    const { context, page, errors } = await session('seller', 'seller123');
    await goIn(page, `/shop/shopList`);
    await row(page, 'Demo Fashion Store').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL((u) => u.pathname === '/shop/updateShop' && u.searchParams.get('id') === '1');
    await expect.poll(() => page.locator('input[name="city"]').inputValue()).toBe('New York');
    expect(await page.locator('input[name="paypalSecret"]').inputValue()).toBe('');
    expect(await page.getByText('Saved: ••••0001. Type a new one to replace it.').count()).toBe(1);
    expect(await page.content()).not.toContain('demo-paypal-secret');
    await page.locator('input[name="city"]').fill('Boston');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => toast(page, 'Edit Successful').count()).toBe(1);
    await page.waitForURL((u) => u.pathname === '/shop/shopList');
    const shop = (await apiCall(page, '/shop/1')).data;
    expect(shop.city).toBe('Boston');
    expect(shop.paypalSecret).toBe('••••0001'); // still the stored secret
    expect(errors).toEqual([]);
    await context.close();
  });

  it('browses the menu tree and hides a menu', async () => {
    const { context, page, errors } = await session('admin', 'admin123');
    await goIn(page, `/ums/menu`);
    await page.waitForURL((u) => u.pathname === '/ums/menu');
    await expect.poll(() => page.getByText('Top-level menus').count()).toBe(1);
    await row(page, 'Permissions').getByRole('button', { name: 'Children' }).click();
    await expect.poll(() => page.getByText('Children of "Permissions"').count()).toBe(1);
    await expect.poll(() => row(page, 'Roles').count()).toBe(1);
    await row(page, 'Resources').getByRole('switch', { name: 'Shown' }).click();
    await expect.poll(() => toast(page, 'Update successful').count()).toBe(1);
    const hidden = async () =>
      (await apiCall(page, '/menu/list?pageSize=100')).data.list.find((m: { name: string }) => m.name === 'resource')
        .hidden;
    await expect.poll(hidden).toBe(1);
    await page.getByRole('button', { name: 'Top level' }).click();
    await expect.poll(() => page.getByText('Top-level menus').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates an account, assigns it roles and disables it', async () => {
    const { context, page, errors } = await session('admin', 'admin123');
    await goIn(page, `/ums/admin`);
    await page.waitForURL((u) => u.pathname === '/ums/admin');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="username"]').fill('staff1');
    await page.locator('input[name="password"]').fill('staff123');
    await page.locator('input[name="nickName"]').fill('Staff One');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/ums/admin');
    await expect.poll(() => row(page, 'staff1').count()).toBe(1);

    await row(page, 'staff1').getByRole('button', { name: 'Roles' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Operator' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row(page, 'staff1').getByText('Operator').count()).toBe(1);
    const staff = async () => (await apiCall(page, '/admin/list?keyword=staff1')).data.list[0];
    const id = (await staff()).id;
    expect((await apiCall(page, `/admin/role/${id}`)).data.map((r: { name: string }) => r.name)).toContain('Operator');

    await row(page, 'staff1').getByRole('switch', { name: 'Enabled' }).click();
    await expect.poll(async () => (await staff()).status).toBe(0);
    await saveShot(page, 'access-admins.png');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers a new seller who then logs in', async () => {
    const { context, page, errors } = await openPage(browser);
    await page.goto(`${server.url}/register`);
    await page.locator('input[name="username"]').fill('newseller');
    await page.locator('input[name="password"]').fill('newseller123');
    await page.locator('input[name="email"]').fill('new@example.com');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/login');
    await login(page, server.url, 'newseller', 'newseller123');
    await page.waitForURL((u) => u.pathname === '/home');
    await expect.poll(() => sidebar(page).getByText('Stores', { exact: true }).count()).toBe(1);
    expect(await sidebar(page).getByText('Permissions', { exact: true }).count()).toBe(0);
    // A new seller has no shop yet, so no shop and no member of anyone else.
    expect((await apiCall(page, '/shop/list')).data.list).toEqual([]);
    expect((await apiCall(page, '/member/list')).data.list).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
