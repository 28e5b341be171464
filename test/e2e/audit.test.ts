/** The audit trail's list leads to each entry, whose page shows the changed fields before → after. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, boot, PHONE, session, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

const shot = (page: Page, name: string) => saveShot(page, `${name}.png`, { fullPage: true });

describe('audit trail screens', () => {
  it('opens an entry from the list (desktop, English) and shows before → after', async () => {
    const { context, page, errors } = await session(browser, server.url);
    const brand = (await apiData(page, '/brand/list?pageSize=1')).list[0];
    await apiData(page, `/brand/update/${brand.id}`, { name: 'Audited brand' });
    // The brand's entries (its products, which copy its name, have theirs beside it).
    await page.goto(`${server.url}/ums/auditLog?filter=${encodeURIComponent(JSON.stringify({ entity: 'brand' }))}`);
    const first = page.locator('tbody tr').first();
    await expect.poll(() => first.locator('td.column-entity').innerText(), { timeout: 20_000 }).toBe('brand');
    await shot(page, 'audit-list-desktop-en');
    await first.locator('td.column-path').click();
    await page.waitForURL(/\/ums\/auditLog\/\d+\/show$/);
    const changes = page.getByTestId('audit-changes');
    await expect
      .poll(() => changes.locator('tbody tr').first().innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(`${brand.name}\\s+Audited brand`));
    await shot(page, 'audit-show-desktop-en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an entry from the list on a phone, in Chinese', async () => {
    const { context, page, errors } = await session(browser, server.url, { lang: 'zh', viewport: PHONE });
    const member = (await apiData(page, '/member/list?pageSize=1')).list[0];
    await apiData(page, '/balance/recharge', { memberId: member.id, amount: 12 });
    await page.goto(`${server.url}/ums/auditLog`);
    const row = page.getByRole('link', { name: /POST \/api\/balance\/recharge/ }).first();
    await row.waitFor({ timeout: 20_000 });
    await shot(page, 'audit-list-phone-zh');
    await row.click();
    await page.waitForURL(/\/ums\/auditLog\/\d+\/show$/);
    const changes = page.getByTestId('audit-changes');
    await expect.poll(() => changes.locator('thead').innerText(), { timeout: 20_000 }).toMatch(/修改前\s+修改后/);
    await shot(page, 'audit-show-phone-zh');
    expect(errors).toEqual([]);
    await context.close();
  });
});
