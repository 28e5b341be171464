/**
 * The demo pictures on screen: the brand, product and member lists show their logos, product photos and avatars,
 * loaded through the API base, on desktop and phone, in English and Chinese (screenshots in SHOTS_DIR).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, bootShared, openPage, shutdown, type Running, saveShot } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await bootShared();
});
afterAll(async () => shutdown(server, browser));

/**
 * Sources and natural widths of the list's pictures, once its rows are there and every picture loaded, read in
 * the same step that saw them loaded: the rows a list first draws (react-admin's loading rows, then rows redrawn by
 * a refetch) are replaced by new pictures that are still loading. A picture whose request failed on a loaded
 * machine is asked for once more, as a reload would; it must load then. Past 30 s the pictures are read as they are.
 */
async function demoPictures(page: Page): Promise<{ src: string; width: number }[]> {
  const read = () =>
    ([...document.querySelectorAll('main img')] as HTMLImageElement[]).map((i) => ({
      src: new URL(i.src).pathname,
      width: i.naturalWidth,
      complete: i.complete,
    }));
  const loaded = await page
    .waitForFunction(
      () => {
        if (!document.querySelector('main tbody tr img, main .RaList-content li img')) return false;
        const pictures = [...document.querySelectorAll('main img')] as HTMLImageElement[];
        for (const i of pictures)
          if (i.complete && !i.naturalWidth && !i.dataset.retried) {
            i.dataset.retried = '1';
            const src = i.src;
            i.src = '';
            i.src = src;
          }
        if (!pictures.every((i) => i.complete && i.naturalWidth > 0)) return false;
        return pictures.map((i) => ({ src: new URL(i.src).pathname, width: i.naturalWidth }));
      },
      undefined,
      { timeout: 30_000, polling: 250 },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  return loaded || page.evaluate(read);
}

const VIEWS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

describe.each(VIEWS)('demo pictures on $name', ({ name, viewport }) => {
  it.each(['en', 'zh'])(
    'brand, product and member lists show them loaded from the API base (%s)',
    async (lang) => {
      // Logged in through the API, in `lang`: the pictures are the subject, not the login form (shell.test.ts).
      const storage = { origin: server.url, values: { loginToken: await apiLogin(server.url), lang } };
      const { context, page } = await openPage(browser, { viewport, storage });
      try {
        // What the network said about each picture, named when one is not loaded.
        const heard = new Map<string, string>();
        page.on('response', (r) =>
          heard.set(new URL(r.url()).pathname, `${r.status()} ${r.headers()['content-length'] ?? ''}`),
        );
        page.on('requestfailed', (r) => heard.set(new URL(r.url()).pathname, `failed: ${r.failure()?.errorText}`));
        for (const list of ['brand', 'product', 'member']) {
          await page.goto(`${server.url}/${list}`);
          const pictures = await demoPictures(page);
          expect(pictures.length, `${list} pictures`).toBeGreaterThanOrEqual(3);
          for (const p of pictures) {
            expect(p.src, list).toMatch(/^\/api\/(demo|uploads)\//);
            expect(p.width, `${list} ${p.src} loaded (${heard.get(p.src)})`).toBeGreaterThan(0);
          }
          await saveShot(page, `demo-${list}-${name}-${lang}.png`);
        }
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
