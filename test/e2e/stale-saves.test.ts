/**
 * Two people edit brand 1 at once: the second save, made from the copy loaded before the first, is refused and the
 * form shows what differs, with Reload (take the stored record) and Keep mine (save over it). Desktop in English,
 * phone in Chinese.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, boot, PHONE, session, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});
afterAll(async () => shutdown(server, browser));

const BRAND = 1;

/** The brand's edit form, loaded (its inputs hold the stored values). */
async function openBrand(page: Page): Promise<void> {
  await page.goto(`${server.url}/pms/updateBrand?id=${BRAND}`);
  await expect.poll(() => page.locator('input[name="name"]').inputValue(), { timeout: 20_000 }).not.toBe('');
}

const save = (page: Page) => page.locator('button[type="submit"]').first().click();
const dialog = (page: Page) => page.getByRole('dialog');

/** The dialog once its fade-in has ended (a screenshot during it shows it see-through). */
async function shown(page: Page): Promise<void> {
  await dialog(page).waitFor();
  await page.waitForFunction(() => {
    const el = document.querySelector('.MuiDialog-container');
    return !!el && getComputedStyle(el).opacity === '1';
  });
}

describe('concurrent edits of a brand', () => {
  it('refuses the stale save, shows what differs, reloads theirs or keeps mine', async () => {
    const alice = await session(browser, server.url);
    const bob = await session(browser, server.url);
    await openBrand(alice.page);
    await openBrand(bob.page);
    const before = await apiData(alice.page, `/brand/${BRAND}`);

    await alice.page.locator('input[name="firstLetter"]').fill('Z');
    await save(alice.page);
    await alice.page.getByText('Edit Successful').waitFor();

    await bob.page.locator('input[name="sort"]').fill('77');
    await save(bob.page);
    await shown(bob.page);
    await expect.poll(() => dialog(bob.page).getByText('Someone else saved this record meanwhile').count()).toBe(1);
    // The fields that differ: his sort, her first letter (his copy still has the old one).
    const letter = dialog(bob.page).locator('tr[data-field="firstLetter"]');
    expect(await letter.locator('td').allInnerTexts()).toEqual([before.firstLetter || '—', 'Z']);
    expect(await dialog(bob.page).locator('tr[data-field="sort"] td').allInnerTexts()).toEqual([
      '77',
      String(before.sort),
    ]);
    await saveShot(bob.page, 'stale-save-desktop-en.png');
    // Nothing of his was stored.
    expect(await apiData(alice.page, `/brand/${BRAND}`)).toMatchObject({ firstLetter: 'Z', sort: before.sort });

    // Reload: the form takes the stored record.
    await dialog(bob.page).getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => bob.page.locator('input[name="firstLetter"]').inputValue()).toBe('Z');
    expect(await bob.page.locator('input[name="sort"]').inputValue()).toBe(String(before.sort));
    await bob.page.locator('input[name="sort"]').fill('77');
    await save(bob.page);
    await bob.page.getByText('Edit Successful').waitFor();
    expect(await apiData(alice.page, `/brand/${BRAND}`)).toMatchObject({ firstLetter: 'Z', sort: 77 });
    await alice.context.close();
    await bob.context.close();
  });

  it('keeps mine on a phone, in Chinese', async () => {
    const carol = await session(browser, server.url, { lang: 'zh', viewport: PHONE });
    await openBrand(carol.page);
    // Someone else saves meanwhile (an upstream client: no version).
    await apiData(carol.page, `/brand/update/${BRAND}`, { firstLetter: 'Y' });
    await carol.page.locator('input[name="sort"]').fill('5');
    await save(carol.page);
    await shown(carol.page);
    await expect.poll(() => dialog(carol.page).getByText('在你编辑期间，别人已保存了这条记录').count()).toBe(1);
    expect(await dialog(carol.page).locator('tr[data-field="firstLetter"] td').allInnerTexts()).toEqual(['Z', 'Y']);
    await saveShot(carol.page, 'stale-save-phone-zh.png');
    await dialog(carol.page).getByRole('button', { name: '保留我的修改' }).click();
    await carol.page.getByText('修改成功').waitFor();
    // Hers overwrote it, as she chose: her whole copy, the first letter included.
    expect(await apiData(carol.page, `/brand/${BRAND}`)).toMatchObject({ firstLetter: 'Z', sort: 5 });
    await carol.context.close();
  });
});
