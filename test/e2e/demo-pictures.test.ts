/**
 * The demo pictures on screen: the brand, product and member lists show their logos, product photos and avatars,
 * loaded through the API base, on desktop and phone, in English and Chinese (screenshots in SHOTS_DIR).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boot, login, openPage, shotsDir, shutdown, type Running } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});
afterAll(async () => shutdown(server, browser));

/** Sources and natural widths of the list's pictures, once its rows are there and every picture loaded (or failed). */
async function demoPictures(page: Page): Promise<{ src: string; width: number }[]> {
  const settled = () =>
    page.waitForFunction(
      () =>
        document.querySelectorAll('main tbody tr, main .RaList-content li').length > 0 &&
        ([...document.querySelectorAll('main img')] as HTMLImageElement[]).every((i) => i.complete),
      undefined,
      { timeout: 30_000 },
    );
  await settled();
  // A picture whose request failed on a loaded machine is asked for once more, as a reload would; it must load then.
  const retried = await page.evaluate(() =>
    ([...document.querySelectorAll('main img')] as HTMLImageElement[])
      .filter((i) => !i.naturalWidth)
      .map((i) => {
        const src = i.src;
        i.src = '';
        i.src = src;
        return src;
      }),
  );
  if (retried.length) await settled();
  return page.evaluate(() =>
    ([...document.querySelectorAll('main img')] as HTMLImageElement[]).map((i) => ({
      src: new URL(i.src).pathname,
      width: i.naturalWidth,
    })),
  );
}

const VIEWS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

describe.each(VIEWS)('demo pictures on $name', ({ name, viewport }) => {
  it.each(['en', 'zh'])(
    'brand, product and member lists show them loaded from the API base (%s)',
    async (lang) => {
      const { context, page } = await openPage(browser, { viewport });
      try {
        await login(page, server.url);
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        for (const list of ['brand', 'product', 'member']) {
          await page.goto(`${server.url}/${list}`);
          const pictures = await demoPictures(page);
          expect(pictures.length, `${list} pictures`).toBeGreaterThanOrEqual(3);
          for (const p of pictures) {
            expect(p.src, list).toMatch(/^\/api\/(demo|uploads)\//);
            expect(p.width, `${list} ${p.src} loaded`).toBeGreaterThan(0);
          }
          await page.screenshot({ path: join(shotsDir, `demo-${list}-${name}-${lang}.png`) });
        }
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
