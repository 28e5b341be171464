/**
 * Marketing and referrals in a real browser, against the real server and its demo data: a flash promotion with a
 * session and two products; a coupon limited to a category; three products recommended in one batch; an advert with
 * an uploaded image (its required prompts and the 2–140 name rule first); a referral link created and copied.
 * Screenshots in en and zh, desktop and phone.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, boot, goIn, openPage, PHONE, session, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(async () => {
  await shutdown(server, browser);
});

/** A 1×1 PNG: real magic bytes, so the server's content check accepts it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const data = apiData;

const toast = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').getByText(text);
const shot = (page: Page, name: string) => saveShot(page, `${name}.png`, { fullPage: true });
const dialog = (page: Page) => page.getByRole('dialog');
/** Picks the demo's first shop in a form's shop box once its choices have loaded (they re-render meanwhile). */
async function chooseShop(page: Page, name = 'Demo Fashion Store') {
  // On the form (its Save button shown), not a list's shop filter of the same name still on screen.
  await page.getByRole('button', { name: 'Save' }).waitFor();
  const box = page.getByRole('combobox', { name: /Shop/ });
  await box.fill(name);
  const option = page.getByRole('option', { name, exact: true });
  await expect.poll(() => option.count()).toBe(1);
  await option.click();
  await expect.poll(() => box.inputValue()).toBe(name);
}

const save = (page: Page) => page.getByRole('button', { name: 'Save' }).click();

describe('marketing', () => {
  it('creates a flash promotion with a session and two products', async () => {
    const { context, page, errors } = await session(browser, server.url);
    // A session (daily time slot), then a promotion, on their generated forms.
    await goIn(page, `/sms/flashSession`);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="name"]').fill('Late owls');
    await page.locator('input[name="startTime"]').fill('22:00');
    await page.locator('input[name="endTime"]').fill('23:30');
    await save(page);
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    const sessions = await data(page, '/flashSession/list');
    const owl = sessions.find((s: { name: string }) => s.name === 'Late owls');
    expect(owl).toMatchObject({ startTime: '22:00:00', endTime: '23:30:00', status: 1 });

    await goIn(page, `/sms/flash`);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.locator('input[name="title"]').fill('Winter flash sale');
    await page.locator('input[name="startDate"]').fill('2026-12-01');
    await page.locator('input[name="endDate"]').fill('2026-11-30');
    await chooseShop(page);
    await save(page);
    // The end before the start is refused on screen (and by the server), nothing stored.
    await expect.poll(() => page.getByText('Must not be before Start date').count()).toBe(1);
    await page.locator('input[name="endDate"]').fill('2026-12-07');
    await save(page);
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    const flash = (await data(page, '/flash/list?keyword=Winter flash')).list[0];
    expect(flash).toMatchObject({ title: 'Winter flash sale', startDate: '2026-12-01', endDate: '2026-12-07' });

    // Its sessions, then the products of the new one: pick two, give their prices.
    await page.goto(`${server.url}/sms/flash`);
    await page
      .locator('tbody tr')
      .filter({ hasText: 'Winter flash sale' })
      .getByRole('link', { name: 'Set products' })
      .click();
    await page.waitForURL((u) => u.pathname === '/sms/selectSession');
    const lateRow = page.locator('tbody tr').filter({ hasText: 'Late owls' });
    await expect.poll(() => lateRow.locator('td').nth(3).innerText()).toBe('0');
    await shot(page, 'flash-sessions-en-desktop');
    await lateRow.getByRole('link', { name: 'Product list' }).click();
    await page.waitForURL((u) => u.pathname === '/sms/flashProductRelation');
    await page.getByRole('button', { name: 'Add products' }).click();
    const picker = dialog(page);
    await expect.poll(() => picker.locator('tbody tr').count()).toBeGreaterThan(2);
    for (const i of [0, 1]) await picker.locator('tbody tr').nth(i).locator('input[type="checkbox"]').check();
    await picker.getByRole('button', { name: 'Add (2)' }).click();
    await expect.poll(() => page.locator('input[name="items.1.flashPromotionPrice"]').count()).toBe(1);
    await page.locator('input[name="items.0.flashPromotionLimit"]').fill('0');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() =>
        dialog(page)
          .getByText(/at least 1/)
          .count(),
      )
      .toBeGreaterThan(0);
    await page.locator('input[name="items.0.flashPromotionLimit"]').fill('2');
    await page.locator('input[name="items.0.flashPromotionPrice"]').fill('9.99');
    await shot(page, 'flash-prices-en-desktop');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);
    const rows = (
      await data(page, `/flashProductRelation/list?flashPromotionId=${flash.id}&flashPromotionSessionId=${owl.id}`)
    ).list;
    expect(rows).toHaveLength(2);
    expect(rows.map((r: { flashPromotionPrice: number }) => r.flashPromotionPrice)).toContain(9.99);
    expect(rows.every((r: { shopId: number; productName: string }) => r.shopId === flash.shopId && r.productName)).toBe(
      true,
    );
    const counts = await data(page, `/flashSession/selectList?flashPromotionId=${flash.id}`);
    expect(counts.find((s: { id: number }) => s.id === owl.id).productCount).toBe(2);
    await shot(page, 'flash-products-en-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates a coupon limited to a category', async () => {
    const { context, page } = await session(browser, server.url);
    await goIn(page, `/sms/coupon`);
    await page.getByRole('link', { name: 'Create' }).click();
    await chooseShop(page);
    await page.locator('input[name="name"]').fill('Phones 20 off');
    await page.locator('input[name="count"]').fill('500');
    await page.locator('input[name="amount"]').fill('20');
    await page.locator('input[name="minPoint"]').fill('199');
    await page.locator('input[name="startTime"]').fill('2026-12-01T00:00');
    await page.locator('input[name="endTime"]').fill('2026-12-31T23:59');
    await page.getByLabel('Chosen categories').check();
    await page.getByRole('button', { name: 'Add' }).click();
    const category = page.locator('input[name="productCategoryRelationList.0.productCategoryId"]');
    await category.fill('Smart');
    await page.getByRole('option', { name: 'Smartphones' }).click();
    await shot(page, 'coupon-create-en-desktop');
    await save(page);
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    const created = (await data(page, '/coupon/list?name=Phones 20')).list[0];
    const coupon = await data(page, `/coupon/${created.id}`);
    expect(coupon).toMatchObject({ useType: 1, amount: 20, minPoint: 199, count: 500 });
    expect(coupon.productCategoryRelationList).toHaveLength(1);
    expect(coupon.productCategoryRelationList[0].productCategoryName).toBe('Smartphones');
    expect(coupon.productRelationList).toEqual([]);
    await context.close();
  });

  it('recommends three products in one batch', async () => {
    const { context, page, errors } = await session(browser, server.url);
    await goIn(page, `/sms/hot`);
    await expect.poll(() => page.getByRole('button', { name: 'Choose Products' }).count()).toBe(1);
    const nike = async () =>
      (await data(page, '/home/recommendProduct/list?pageSize=1000&productName=Nike')).total as number;
    const before = (await data(page, '/home/recommendProduct/list?pageSize=100')).total;
    const nikeBefore = await nike();
    await page.getByRole('button', { name: 'Choose Products' }).click();
    const picker = dialog(page);
    await picker.getByPlaceholder('Search').fill('Nike');
    await expect.poll(() => picker.locator('tbody tr').first().innerText()).toMatch(/Nike/);
    await expect.poll(() => picker.locator('tbody tr').count()).toBeGreaterThan(2);
    let picked = 0;
    for (let i = 0; picked < 3; i++) {
      const box = picker.locator('tbody tr').nth(i).locator('input[type="checkbox"]');
      if (await box.isDisabled()) continue;
      await box.check();
      picked++;
    }
    await shot(page, 'hot-pick-en-desktop');
    await picker.getByRole('button', { name: 'Add (3)' }).click();
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    const after = await data(page, '/home/recommendProduct/list?pageSize=100');
    expect(after.total).toBe(before + 3);
    expect(await nike()).toBe(nikeBefore + 3);
    await shot(page, 'hot-list-en-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('creates an advert with an uploaded image, after its required prompts and the name rule', async () => {
    const { context, page } = await session(browser, server.url);
    await goIn(page, `/sms/advertise`);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((u) => u.pathname === '/sms/addAdvertise');
    // A one-letter name, nothing else: each required field says what it wants, and nothing is sent.
    await page.locator('input[name="name"]').fill('X');
    await save(page);
    for (const prompt of [
      'Length must be between 2 and 140 characters',
      'Please enter Advert URL',
      'Please choose Start time',
      'Please choose Expire time',
      'Please upload Advert image',
    ])
      await expect.poll(() => page.getByText(prompt).count(), { message: prompt }).toBeGreaterThan(0);
    await shot(page, 'advert-prompts-en-desktop');
    await chooseShop(page);
    await page.locator('input[name="name"]').fill('Winter carousel');
    await page.locator('input[name="startTime"]').fill('2026-12-01T08:00');
    await page.locator('input[name="endTime"]').fill('2026-12-31T22:00');
    await page.locator('input[name="url"]').fill('https://shop.example.com/winter');
    await page.locator('[data-source="pic"] input[type="file"]').setInputFiles({
      name: 'winter.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect.poll(() => page.locator('img[src*="/api/uploads/"]').count()).toBeGreaterThan(0);
    await shot(page, 'advert-create-en-desktop');
    await save(page);
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    const ad = (await data(page, '/home/advertise/list?name=Winter carousel')).list[0];
    expect(ad).toMatchObject({ name: 'Winter carousel', type: 0, url: 'https://shop.example.com/winter' });
    expect(ad.pic).toMatch(/^\/api\/uploads\//);
    await context.close();
  });

  it('creates a referral link and copies it', async () => {
    const { context, page, errors } = await session(browser, server.url, { user: 'seller', password: 'seller123' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await goIn(page, `/rms/link`);
    await page.getByRole('link', { name: 'Create' }).click();
    await chooseShop(page);
    await page.getByLabel('Merchant only').check();
    await page.locator('input[name="note"]').fill('Autumn fair flyer');
    await save(page);
    await expect.poll(() => toast(page, 'Submission Successful').count()).toBe(1);
    const link = (await data(page, '/referralLink/list?keyword=Autumn fair')).list[0];
    expect(link).toMatchObject({ kind: 1, commissionRatio: 0.1 });
    expect(link.code).toMatch(/^[A-Z2-9]{8}$/);
    const row = page.locator('tbody tr').filter({ hasText: link.code });
    await row.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => toast(page, 'Copy successfully').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/register?code=${link.code}`);
    await shot(page, 'link-list-en-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a merchant invitation, keeps its code and level, and registers a seller with it', async () => {
    const { context: sellerContext, page: sellerPage } = await session(browser, server.url, {
      user: 'seller',
      password: 'seller123',
    });
    const shopId = (await data(sellerPage, '/shop/list')).list[0].id;
    const link = await data(sellerPage, '/referralLink/create', { shopId, kind: 1, note: 'Invite a merchant' });
    await sellerContext.close();

    const { context, page, errors } = await openPage(browser, { viewport: PHONE });
    await context.addInitScript(() => localStorage.setItem('lang', 'zh'));
    await page.goto(`${server.url}/register?code=${link.code}`);
    await expect.poll(() => page.getByText(`您受邀开店（邀请码 ${link.code}）。`).count()).toBe(1);
    expect(await page.evaluate(() => [localStorage.getItem('code'), localStorage.getItem('level')])).toEqual([
      link.code,
      '1',
    ]);
    await expect.poll(() => page.locator('input[name="inviteCode"]').inputValue()).toBe(link.code);
    // A name the server refuses: its rule under the field and the toast, both in Chinese.
    await page.locator('input[name="username"]').fill('x');
    await page.locator('input[name="password"]').fill('secret123');
    await page.locator('button[type="submit"]').click();
    await expect.poll(() => page.getByText('参数校验失败').count()).toBe(1);
    await expect.poll(() => page.getByText('长度必须在 2 到 64 个字符之间').count()).toBe(1);
    expect(await page.getByText(/Validation|Length/).count()).toBe(0);
    await page.locator('input[name="username"]').fill('invited.seller');
    await page.locator('input[name="password"]').fill('secret123');
    await shot(page, 'register-invited-zh-phone');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('code'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  // One test a language and size: each stays well inside its timeout on a loaded machine.
  it.each([
    ['zh', undefined, 'zh-desktop'],
    ['zh', PHONE, 'zh-phone'],
    ['en', PHONE, 'en-phone'],
  ] as const)('shows the marketing and referral screens (%s, %s)', async (lang, viewport, suffix) => {
    const { context, page, errors } = await session(browser, server.url, { lang, viewport });
    for (const [path, name] of [
      ['/sms/flash', 'flash'],
      ['/sms/coupon', 'coupon'],
      ['/sms/hot', 'hot'],
      ['/sms/advertise', 'advert'],
      ['/news/list', 'news'],
      ['/rms/link', 'link'],
      ['/rms/relationList', 'relation'],
    ]) {
      // Arrived when the title is this screen's (the last screen's rows stay until then).
      const title = await page.locator('h1').first().textContent();
      await goIn(page, path);
      await expect.poll(() => page.locator('h1').first().textContent(), { message: path }).not.toBe(title);
      await expect.poll(() => page.locator('tbody tr, .MuiList-root li').count(), { message: path }).toBeGreaterThan(0);
      await shot(page, `${name}-${suffix}`);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
