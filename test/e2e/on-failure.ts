/**
 * When a browser test fails, what each page it had open was showing: its address, its visible text and its console
 * errors. A failure on CI leaves no screenshot behind; this is what tells a slow screen from a wrong one.
 */
import { afterEach } from 'vitest';
import { openPages } from './harness';

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    for (const open of openPages) {
      if (open.page.isClosed()) continue;
      const text = await open.page
        .locator('body')
        .innerText({ timeout: 2_000 })
        .catch((e: Error) => `(no text: ${e.message.split('\n')[0]})`);
      console.error(
        `--- page at ${open.page.url()} when "${task.name}" failed:\n${text.slice(0, 1500)}` +
          (open.errors.length ? `\n--- its console errors:\n${open.errors.slice(-10).join('\n')}` : ''),
      );
    }
  for (const open of openPages) if (open.page.isClosed()) openPages.delete(open);
});
