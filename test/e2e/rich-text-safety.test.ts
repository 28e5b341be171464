/**
 * Rich text is stored as sent, so hostile HTML reaches the browser: the show page renders it sanitized (DOMPurify)
 * and the editor parses it into its own schema; nothing in it runs, and the CSP would stop inline script anyway.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiData, boot, session, shutdown, type Running } from './harness';

let server: Running;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await boot();
});

afterAll(() => shutdown(server, browser));

const HOSTILE =
  '<p>Hello <b>bold</b></p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>' +
  '<a href="javascript:window.__xss=3" id="evil">link</a><svg><animate onbegin="window.__xss=4"/></svg>' +
  '<iframe srcdoc="<script>parent.__xss=5</script>"></iframe>';

describe('hostile rich text', () => {
  it('shows and edits a news body without running any of it', async () => {
    const { context, page } = await session(browser, server.url);
    const news = await apiData(page, '/news/create', { title: 'Probe', content: HOSTILE, publishStatus: 0 });
    await page.goto(`${server.url}/news/${news.id}/show`);
    await page.getByText('Hello').first().waitFor();
    const shown = await page.evaluate(() => {
      const body = [...document.querySelectorAll('b')].find((b) => b.textContent === 'bold')!.closest('div')!;
      return {
        html: body.innerHTML,
        xss: (window as unknown as { __xss?: number }).__xss,
        scripts: document.querySelectorAll('main script, main iframe, [onerror], [onbegin]').length,
      };
    });
    expect(shown.xss).toBeUndefined();
    expect(shown.scripts).toBe(0);
    expect(shown.html).not.toMatch(/javascript:|onerror|<script|<iframe/i);
    expect(shown.html).toContain('<b>bold</b>');
    // The edit form's rich-text editor holds the same body.
    await page.goto(`${server.url}/news/${news.id}`);
    await page.locator('.ProseMirror').getByText('Hello').waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('.ProseMirror [onerror], .ProseMirror script, .ProseMirror iframe').count()).toBe(0);
    await context.close();
  });
});
