/**
 * Undo: a list's one-field switch and its delete happen at once on the screen, and the notification offers Undo for
 * as long as it shows; nothing reaches the server until it closes. Undone, the server keeps what it had; left alone,
 * the change is stored. Desktop in English, phone in Chinese (the notification above the bottom bar).
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgDatabase } from '../api/helpers';
import {
  apiCall,
  apiData,
  launchBrowser,
  liftPointer,
  PHONE,
  session,
  startServer,
  type Running,
  saveShot,
} from './harness';

// With DATABASE_URL the same on PostgreSQL (a database of its own, copied from the run's demo template).
const targets = process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

const snackbar = (page: Page) => page.locator('.MuiSnackbar-root');

/** Two brands of this test's own, shown alone in the brand list (searched by a word only they hold). */
async function twoBrands(page: Page, url: string, word: string): Promise<[number, number]> {
  const ids: number[] = [];
  for (const name of [`${word} Alpha`, `${word} Beta`]) {
    await apiData(page, '/brand/create', { name, showStatus: 1, factoryStatus: 0, sort: 0 });
    const found = await apiData(page, `/brand/list?keyword=${encodeURIComponent(name)}&pageNum=1&pageSize=5`);
    ids.push(found.list[0].id);
  }
  await page.goto(`${url}/pms/brand?filter=${encodeURIComponent(JSON.stringify({ keyword: word }))}`);
  return [ids[0], ids[1]];
}

const brand = (page: Page, id: number) => apiCall(page, `/brand/${id}`);

/** The brand writes the page sent: a switch's batch call (`ids=`) or a delete, with the ids they name. */
function writesOf(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (r.method() === 'POST' && /^\/api\/brand\/(update|delete)/.test(url.pathname))
      sent.push(`${url.pathname}?${url.searchParams.toString()}`);
  });
  return sent;
}

/**
 * The notification has gone (its exit ended: an undoable change is sent then, or dropped when undone); the pointer
 * lifted first (liftPointer).
 */
const closed = async (page: Page) => {
  await liftPointer(page);
  await expect.poll(() => snackbar(page).count(), { timeout: 15_000 }).toBe(0);
};

describe.each(targets)('undo on %s', (dialect) => {
  let server: Running;
  let browser: Browser;
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  beforeAll(async () => {
    pgDb = dialect === 'postgres' ? await createPgDatabase(inject('dbTemplates').postgres) : undefined;
    [server, browser] = await Promise.all([startServer(pgDb ? { DATABASE_URL: pgDb.url } : {}), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pgDb?.drop();
  });

  it('a switch undone keeps the stored value; one left alone is stored; a delete undone keeps the row', async () => {
    const { context, page, errors } = await session(browser, server.url);
    const sent = writesOf(page);
    const [alpha, beta] = await twoBrands(page, server.url, 'Undoable');
    const row = (name: string) => page.locator('tbody tr', { hasText: name });
    const shown = (name: string) => row(name).getByRole('switch', { name: 'Shown' });
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 20_000 }).toBe(2);

    // Alpha hidden, then Undo: the row shows the change at once, and puts it back on Undo.
    await shown('Undoable Alpha').click();
    await expect.poll(() => shown('Undoable Alpha').isChecked()).toBe(false);
    const undo = snackbar(page).getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    // Held open while it is looked at: a hovered notification does not close (however slow the machine).
    await undo.hover();
    expect(await snackbar(page).innerText()).toContain('Update successful');
    await saveShot(page, `undo-switch-desktop-en-${dialect}.png`);
    await undo.click();
    await expect.poll(() => shown('Undoable Alpha').isChecked()).toBe(true);
    // An undone change is a cancelled operation (spec §8).
    await expect.poll(() => snackbar(page).getByText('Operation cancelled').count()).toBe(1);
    await closed(page);

    // Beta hidden and left alone: stored once the notification has closed, later than Alpha's window.
    await shown('Undoable Beta').click();
    await snackbar(page).getByRole('button', { name: 'Undo' }).waitFor();
    await closed(page);
    await expect.poll(async () => (await brand(page, beta)).data.showStatus, { timeout: 10_000 }).toBe(0);
    // Alpha's call was never sent: the server still has it shown.
    expect((await brand(page, alpha)).data.showStatus).toBe(1);
    expect(sent.filter((s) => s.includes(`ids=${alpha}&`))).toEqual([]);
    await expect.poll(() => shown('Undoable Beta').isChecked()).toBe(false);

    // Alpha deleted, then Undo: the row goes at once and comes back; the server never heard of it.
    await row('Undoable Alpha').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row('Undoable Alpha').count()).toBe(0);
    expect(await snackbar(page).innerText()).toContain('Delete Success');
    await snackbar(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => row('Undoable Alpha').count()).toBe(1);
    await closed(page);

    // Beta deleted and left alone: gone from the server once the notification has closed.
    await row('Undoable Beta').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row('Undoable Beta').count()).toBe(0);
    await closed(page);
    await expect.poll(async () => (await brand(page, beta)).code, { timeout: 10_000 }).not.toBe(200);
    expect((await brand(page, alpha)).code).toBe(200);
    expect(sent.filter((s) => s.includes('/delete'))).toEqual([`/api/brand/delete/${beta}?`]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a schema that says "confirm": ["delete"] still asks before deleting (roles)', async () => {
    const { context, page } = await session(browser, server.url);
    await page.goto(`${server.url}/ums/role`);
    const first = page.locator('tbody tr').first();
    await first.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => snackbar(page).innerText()).toContain('Operation cancelled');
    await context.close();
  });

  it('offers 撤销 on a phone in Chinese, above the bottom bar', async () => {
    const { context, page, errors } = await session(browser, server.url, { lang: 'zh', viewport: PHONE });
    const [alpha] = await twoBrands(page, server.url, 'Phoneundo');
    const item = page.locator('li', { hasText: 'Phoneundo Alpha' });
    const shown = item.getByRole('switch', { name: '是否显示' });
    await shown.waitFor({ timeout: 20_000 });
    await shown.click();
    const undo = snackbar(page).getByRole('button', { name: '撤销' });
    await undo.waitFor();
    await undo.hover();
    expect(await snackbar(page).innerText()).toContain('更新成功');
    // The notification's box ends above the bottom bar's top edge, the Undo button inside the window.
    const bar = await page.locator('.MuiBottomNavigation-root').boundingBox();
    const note = await snackbar(page).locator('.MuiSnackbarContent-root').boundingBox();
    expect(bar && note).toBeTruthy();
    expect(note!.y + note!.height).toBeLessThanOrEqual(bar!.y);
    await saveShot(page, `undo-switch-phone-zh-${dialect}.png`);
    await undo.click();
    await expect.poll(() => shown.isChecked()).toBe(true);
    await expect.poll(() => snackbar(page).getByText('已取消操作').count()).toBe(1);
    await closed(page);
    expect((await brand(page, alpha)).data.showStatus).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
