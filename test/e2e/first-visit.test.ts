/**
 * What a first visit downloads: the user's dictionary and not the other language's, the screens it opens and not the
 * others (every screen is lazy), and still a working product list in that language.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../generated/i18n/en';
import zh from '../../generated/i18n/zh';
import { bootShared, login, openPage, shutdown, type Running } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await bootShared();
});

afterAll(() => shutdown(server, browser));

/** Screens this visit does not open: the product form (with the rich-text editor), an order, the VIP page, register. */
const UNOPENED = ['ProductScreens', 'OrderShow', 'VipPage', 'RegisterPage', 'DeliverOrderPage'];

describe('a first visit', () => {
  for (const lang of ['en', 'zh'] as const)
    it(`in ${lang} downloads that dictionary and the screens it opens, nothing else`, async () => {
      const scripts: string[] = [];
      const { context, page, errors } = await openPage(browser);
      await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
      context.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.split('/').pop()!);
      });
      // The login page, /home after it, then the product list as a new page load.
      await login(page, server.url);
      await page.goto(`${server.url}/pms/product`);
      await page.locator('tbody tr').first().waitFor();
      // The column headers in the visit's language, from the one dictionary downloaded.
      const productSn = (lang === 'zh' ? zh : en).resources.product.fields.productSn;
      expect((await page.locator('thead th').allInnerTexts()).map((t) => t.trim())).toContain(productSn);
      const all = scripts.filter((f) => f.endsWith('.js'));
      const other = lang === 'zh' ? 'en' : 'zh';
      expect(all.some((f) => f.startsWith(`messages.${lang}-`))).toBe(true);
      expect(all.filter((f) => f.startsWith(`messages.${other}-`))).toEqual([]);
      expect(all.filter((f) => UNOPENED.some((s) => f.startsWith(`${s}-`)))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
});
