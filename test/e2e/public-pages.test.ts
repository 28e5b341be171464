/**
 * The pages people see before logging in, in en and zh, on a desktop and a phone: a heading in the page's language,
 * nothing wider than the screen, nothing under the footer, a clean console; screenshots kept for looking at.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, DESKTOP, openPage, PHONE, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

const PAGES = ['/homer', '/login', '/register', '/privacy', '/term', '/404'];
const HAN = /[\u4e00-\u9fff]/;

describe('public pages', () => {
  for (const lang of ['en', 'zh'] as const)
    for (const [device, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const)
      it(`look finished in ${lang} on a ${device}`, async () => {
        const { context, page, errors } = await openPage(browser, { viewport });
        await context.addInitScript((l) => localStorage.setItem('lang', l), lang);
        for (const path of PAGES) {
          await page.goto(`${server.url}${path}`);
          const heading = page.locator('h1').first();
          await heading.waitFor({ timeout: 20_000 });
          const text = await heading.innerText();
          expect(HAN.test(text), `${path} heading "${text}" in ${lang}`).toBe(lang === 'zh');
          expect(await page.evaluate(() => document.documentElement.lang)).toMatch(lang === 'zh' ? /^zh/ : /^en/);
          // Nothing sideways, and the card ends above the footer links.
          const fits = await page.evaluate(() => {
            const card = document.querySelector('.MuiCard-root')!.getBoundingClientRect();
            const footer = [...document.querySelectorAll('a')].at(-1)!.getBoundingClientRect();
            return {
              wide: document.documentElement.scrollWidth <= window.innerWidth,
              inside: card.left >= 0 && card.right <= window.innerWidth,
              aboveFooter: card.bottom <= footer.top,
            };
          });
          expect(fits, `${path} ${lang} ${device}`).toEqual({ wide: true, inside: true, aboveFooter: true });
          await saveShot(page, `public${path.replace('/', '-')}-${lang}-${device}.png`, { fullPage: true });
        }
        expect(errors).toEqual([]);
        await context.close();
      });
});
