/**
 * The accessibility sweep (accessibility-*.test.ts): WCAG 2.1 A/AA measured by axe-core in a real browser, over every route of the admin's menus
 * (generated/menus.ts): the lists and forms from the menus, create forms, and edit forms reached from their lists;
 * on a desktop in English and on a phone in Chinese, each with the menus and popovers it opens (a list's Columns and
 * filter menus, a form's first select or autocomplete) measured open. No critical or serious violation is allowed;
 * every page has one h1 (its title) and the main, banner and navigation landmarks; in Chinese the top bar's buttons
 * are named in Chinese.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { routes, type RouteDef } from '../../generated/menus';
import {
  apiData,
  bootShared,
  goIn,
  openPage,
  shutdown,
  PHONE,
  session,
  type Running,
  type Viewport,
  saveShot,
} from './harness';

let server: Running;
let browser: Browser;

/** The run's shared server (the sweep only reads) and browser, for the test file that sweeps. */
export function bootForSweep(): void {
  beforeAll(async () => {
    [server, browser] = await bootShared();
  });
  afterAll(() => shutdown(server, browser));
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
// axe-core itself, loaded once into each session's page (the admin is one page: screens change without a reload).
const axeSource: string = createRequire(import.meta.url)('axe-core').source;

type Finding = { screen: string; rule: string; impact: string; target: string; summary: string };

/** Counts a page's requests in flight: after an in-app navigation Playwright's `networkidle` has already fired. */
function inFlight(page: Page): () => number {
  let n = 0;
  // A list's change stream (server-sent events) stays open as long as the list shows: not a load to wait for.
  const counted = (r: Request) => r.headers()['accept'] !== 'text/event-stream';
  page.on('request', (r) => counted(r) && n++);
  page.on('requestfinished', (r) => counted(r) && n--);
  page.on('requestfailed', (r) => counted(r) && n--);
  return () => n;
}

/** Waits for the screen's content: no request in flight for a while, no progress indicator, react-admin's content drawn. */
async function settle(page: Page, pending: () => number): Promise<void> {
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending() > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 400;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  await expect
    .poll(() => page.locator('[role="progressbar"], .MuiSkeleton-root, .ra-loading').count(), { timeout: 20_000 })
    .toBe(0);
}

/**
 * Waits for the page's transitions and animations that end (a popover fading in, the bulk-action bar sliding in) to
 * have ended, from the next frame on; spinners and skeletons, which never end, are not waited for. Instead of a
 * fixed wait as long as the longest fade: under the app's reduced motion most of them take no time at all.
 */
async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(r));
    const ending = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

function findings(violations: AxeResults['violations'], screen: string): Finding[] {
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .flatMap((v) =>
      v.nodes.map((n) => ({
        screen,
        rule: v.id,
        impact: v.impact!,
        target: n.target.join(' '),
        summary: `${(n.failureSummary ?? v.help).split('\n').slice(0, 2).join(' ')} — ${n.html.slice(0, 160)}`,
      })),
    );
}

/** axe's violations on the screen as it is (axe already loaded into the page). */
async function analyse(page: Page, screen: string): Promise<Finding[]> {
  const violations = await page.evaluate(
    async (tags) =>
      (
        await (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        })
      ).violations,
    TAGS,
  );
  return findings(violations, screen);
}

/** Page structure axe's WCAG rules do not check: one h1, and the landmarks. */
async function structure(page: Page, screen: string, phone: boolean, lang: 'en' | 'zh'): Promise<Finding[]> {
  const found: Finding[] = [];
  // react-admin falls back to English words ("Profile") where it is given no translation.
  if (lang === 'zh')
    for (const name of await page
      .locator('header button[aria-label]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? '')))
      if (!/[\u4e00-\u9fff]/.test(name))
        found.push({ screen, rule: 'untranslated-name', impact: 'serious', target: 'header', summary: name });
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) found.push({ screen, rule: 'one-h1', impact: 'serious', target: 'h1', summary: `${h1} h1 elements` });
  for (const role of ['main', 'banner', 'navigation']) {
    if (phone && role === 'navigation' && (await page.locator('.MuiBottomNavigation-root').count()) === 0) continue;
    if ((await page.getByRole(role as 'main').count()) === 0)
      found.push({ screen, rule: 'landmark', impact: 'serious', target: role, summary: `no ${role} landmark` });
  }
  return found;
}

export function report(findings: Finding[]): string {
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
  const counts = [...byRule].map(([rule, n]) => `${rule}: ${n}`).join(', ');
  const lines = findings.map((f) => `  [${f.impact}] ${f.rule} on ${f.screen} at ${f.target} — ${f.summary}`);
  return `${findings.length} critical/serious violations (${counts}):\n${lines.join('\n')}`;
}

/** Critical and serious violations per screen and per menu a screen opened (`<screen> › <menu>`). */
export function countsByScreen(findings: Finding[]): Record<string, { critical: number; serious: number }> {
  const out: Record<string, { critical: number; serious: number }> = {};
  for (const f of findings) {
    const c = (out[f.screen] ??= { critical: 0, serious: 0 });
    if (f.impact === 'critical') c.critical++;
    else c.serious++;
  }
  return out;
}

/** What a screen opens, each measured open: a list's Columns and filter menus, a form's first select. */
const OPENERS = [
  { menu: 'columns menu', opener: 'main .columns-button' },
  { menu: 'filter menu', opener: 'main button.add-filter' },
  { menu: 'select popover', opener: 'main form [role="combobox"]:not([aria-disabled="true"]):not([disabled])' },
];
const POPUP = '.MuiPopover-paper, .MuiMenu-paper, .MuiAutocomplete-popper, [role="listbox"]';

export const menusSeen: string[] = [];

async function openers(page: Page, pending: () => number, screen: string): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const { menu, opener } of OPENERS) {
    const button = page.locator(opener).first();
    if (!(await button.count()) || !(await button.isVisible())) continue;
    await button.click({ timeout: 5_000 }).catch(() => undefined);
    const open = await page
      .locator(POPUP)
      .first()
      .waitFor({ state: 'visible', timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (!open) continue;
    await settle(page, pending);
    await animationsDone(page); // the popover's fade
    menusSeen.push(`${screen} › ${menu}`);
    found.push(...(await analyse(page, `${screen} › ${menu}`)));
    if (screen.startsWith('/pms/brand '))
      await saveShot(page, `a11y-brand-${menu.replace(' ', '-')}-${screen.slice(12, -1).replace(', ', '-')}.png`);
    await page.keyboard.press('Escape');
    await page
      .locator(POPUP)
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);
  }
  return found;
}

/** Every menu route: visible ones and create forms as they are; edit forms with an id linked from their list. */
const direct = routes.filter((r) => (!r.hidden && r.path.startsWith('/')) || r.view === 'create');
const edits = routes.filter((r) => r.view === 'edit');
const listOf = (edit: RouteDef) => routes.find((r) => r.resource === edit.resource && r.view === 'list');

export async function sweep(viewport: Viewport, lang: 'en' | 'zh'): Promise<Finding[]> {
  const phone = viewport === PHONE;
  const found: Finding[] = [];
  const visited: string[] = [];

  // The login page, logged out.
  {
    const { context, page } = await openPage(browser, { viewport });
    await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="username"]').waitFor();
    await page.waitForLoadState('networkidle');
    await animationsDone(page);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
    found.push(...findings(violations, `/login (${lang})`));
    await saveShot(page, `a11y-login-${lang}.png`);
    await context.close();
  }

  // Two sessions take screens from one queue. Each is one page load: screens are reached in the app as a user
  // reaches them (a history change, no reload), so the bundle and axe are loaded once per session, not per screen.
  const queue = direct.map((r) => r.path);
  let next = 0;
  let busy = 0;
  const visit = async (page: Page, pending: () => number, path: string): Promise<void> => {
    const screen = `${path} (${lang}, ${phone ? 'phone' : 'desktop'})`;
    await goIn(page, path);
    await settle(page, pending);
    expect(new URL(page.url()).pathname, screen).toBe(path.split('?')[0]);
    // The pointer rests on the title: left where a click put it, it would hover whatever this screen draws there and
    // measure a tooltip fading in.
    const title = await page.locator('h1').boundingBox();
    if (title) await page.mouse.move(title.x + 1, title.y + title.height / 2);
    // A list with a row selected, so its bulk-action bar is measured too.
    const rowBox = page.locator('tbody input[type="checkbox"]').first();
    const checked = page.locator('tbody input[type="checkbox"]:checked');
    // By keyboard: a pointer left where the box was would hover whatever the next screen draws there. Pressed again
    // if a late refetch drew the rows anew before the press took.
    for (let tries = 0; tries < 3 && (await rowBox.count()) && !(await checked.count()); tries++) {
      await rowBox.press('Space', { timeout: 10_000 }).catch(() => undefined);
      await expect
        .poll(() => checked.count(), { timeout: 5_000 })
        .toBeGreaterThan(0)
        .catch(() => undefined);
    }
    if (await rowBox.count()) {
      expect(await checked.count(), `${screen}: a row selected`).toBeGreaterThan(0);
      await animationsDone(page); // the bulk-action bar
    }
    visited.push(path);
    let seen = await analyse(page, screen);
    // A screen still changing (a late query's spinner, a fade) is measured again once it has settled, for up to 3 s:
    // what stays is what a user meets.
    for (const until = Date.now() + 3_000; seen.length && Date.now() < until;) {
      await settle(page, pending);
      await animationsDone(page);
      seen = await analyse(page, screen);
    }
    found.push(...seen, ...(await structure(page, screen, phone, lang)));
    found.push(...(await openers(page, pending, screen)));
    // A list leads to its edit forms: queue the first one it links to.
    for (const edit of edits.filter((e) => listOf(e)?.path === path)) {
      const href = await page
        .locator(`a[href^="${edit.path}?"]`)
        .first()
        .getAttribute('href', { timeout: 1_000 })
        .catch(() => null);
      if (href) queue.push(href);
    }
    if (['/home', '/pms/product', '/pms/addProduct', '/oms/order'].includes(path))
      await saveShot(page, `a11y${path.replace(/\//g, '-')}-${lang}.png`);
  };
  const sessions = await Promise.all([0, 1].map(() => session(browser, server.url, { lang, viewport })));
  await Promise.all(
    sessions.map(async ({ page }) => {
      const pending = inFlight(page);
      await page.evaluate(axeSource);
      for (;;) {
        if (next < queue.length) {
          busy++;
          await visit(page, pending, queue[next++]!).finally(() => busy--);
        } else if (busy > 0)
          await page.waitForTimeout(100); // another session may still queue an edit form
        else return;
      }
    }),
  );
  await Promise.all(sessions.map((s) => s.context.close()));
  // The sweep covers the screens it should: every visible menu route and some edit forms.
  expect(visited.length).toBeGreaterThanOrEqual(direct.length);
  expect(visited.filter((p) => edits.some((e) => p.startsWith(`${e.path}?`))).length).toBeGreaterThan(2);
  // …and the menus they open: every list's Columns menu, filter menus, form selects.
  const opened = (menu: string) => menusSeen.filter((m) => m.includes(lang) && m.endsWith(menu)).length;
  // A phone's lists are simple lists, without columns to choose.
  if (!phone) expect(opened('columns menu')).toBeGreaterThan(20);
  expect(opened('filter menu')).toBeGreaterThan(5);
  expect(opened('select popover')).toBeGreaterThan(5);
  return found;
}

/**
 * What no menu route leads to, measured as a user meets it: a role's menu and resource allocation (nested check
 * boxes, some half-checked), "Access denied" (a seller opening a brand's form), a refused import's report (its job
 * stores nothing), a switch's undo notification (undone: nothing is written) and a delete's confirmation (cancelled).
 */
export async function sweepExtras(viewport: Viewport, lang: 'en' | 'zh'): Promise<Finding[]> {
  const phone = viewport === PHONE;
  const found: Finding[] = [];
  const name = (what: string) => `${what} (${lang}, ${phone ? 'phone' : 'desktop'})`;
  const measure = async (page: Page, pending: () => number, what: string, whole = false) => {
    await settle(page, pending);
    await animationsDone(page);
    menusSeen.push(name(what));
    found.push(...(await analyse(page, name(what))));
    if (whole) found.push(...(await structure(page, name(what), phone, lang)));
  };

  const admin = await session(browser, server.url, { lang, viewport });
  const page = admin.page;
  const pending = inFlight(page);
  await page.evaluate(axeSource);
  // The seller's role: granted some of a category's resources (reads of platform-wide data), so some boxes show
  // half-checked, the state axe used to refuse.
  const roles: { id: number; name: string }[] = await apiData(page, '/role/listAll');
  const role = roles.find((r) => r.name === 'Seller')!.id;
  for (const path of [`/ums/allocMenu?roleId=${role}`, `/ums/allocResource?roleId=${role}`]) {
    await goIn(page, path);
    await expect
      .poll(() => page.locator('main input[type="checkbox"]').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    if (path.includes('Resource'))
      await expect.poll(() => page.locator('input[data-indeterminate="true"]').count()).toBeGreaterThan(0);
    await measure(page, pending, path.replace(/\d+$/, 'Seller'), true);
  }

  await goIn(page, '/member/memberList');
  await page.getByTestId('import-file').waitFor({ state: 'attached', timeout: 20_000 });
  await page.getByTestId('import-file').setInputFiles({
    name: 'refused.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('username,country\nx,US\n'),
  });
  await page.getByTestId('import-report').waitFor({ timeout: 30_000 });
  await measure(page, pending, '/member/memberList › import report');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

  await goIn(page, '/pms/brand');
  const toggle = page
    .locator(phone ? 'main li' : 'main tbody tr')
    .first()
    .getByRole('switch')
    .first();
  await toggle.waitFor({ timeout: 20_000 });
  await settle(page, pending);
  await toggle.click();
  const undo = page.locator('.RaNotification-undo');
  // The pointer on the notification holds it open (MUI pauses its timer) while axe measures: undone, nothing is sent.
  await undo.hover();
  await measure(page, pending, '/pms/brand › undo notification');
  await saveShot(page, `a11y-undo-${lang}-${phone ? 'phone' : 'desktop'}.png`);
  await undo.click();
  await expect.poll(() => page.locator('.RaNotification-undo').count()).toBe(0);

  await goIn(page, '/ums/role');
  await page
    .getByRole('button', { name: lang === 'zh' ? '删除' : 'Delete' })
    .first()
    .click({ timeout: 20_000 });
  await page.getByRole('dialog').waitFor();
  await measure(page, pending, '/ums/role › delete confirmation');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

  // A state machine step's dialog, its required fields marked (a pending return's confirmation): opened, not sent.
  const [pendingReturn] = (await apiData(page, '/returnApply/list?status=0&pageSize=1')).list;
  await goIn(page, `/oms/returnApplyDetail?id=${pendingReturn.id}`);
  await page.getByRole('button', { name: lang === 'zh' ? '确认退货' : 'Confirm return' }).click({ timeout: 20_000 });
  await page.getByRole('dialog').waitFor();
  await measure(page, pending, '/oms/returnApplyDetail › confirm step');
  await page.keyboard.press('Escape');
  await admin.context.close();

  const seller = await session(browser, server.url, { user: 'seller', password: 'seller123', lang, viewport });
  const sellerPending = inFlight(seller.page);
  await seller.page.evaluate(axeSource);
  await goIn(seller.page, '/pms/addBrand');
  await seller.page
    .getByText(lang === 'zh' ? '无权访问' : 'Access denied', { exact: true })
    .waitFor({ timeout: 20_000 });
  await measure(seller.page, sellerPending, '/pms/addBrand › access denied', true);
  await saveShot(seller.page, `a11y-access-denied-${lang}-${phone ? 'phone' : 'desktop'}.png`);
  await seller.context.close();
  return found;
}
