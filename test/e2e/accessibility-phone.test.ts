/**
 * Accessibility on a phone in Chinese: axe-core's WCAG 2.1 A/AA rules over every route of the menus (a11y-sweep.ts); no critical
 * or serious violation, one h1 and the landmarks on every page. Desktop and phone are two files, run side by side.
 */
import { describe, expect, it } from 'vitest';
import { PHONE } from './harness';
import { countsByScreen, menusSeen, report, sweep, sweepExtras, bootForSweep } from './a11y-sweep';

bootForSweep();

describe('accessibility (axe-core, WCAG 2.1 A/AA)', () => {
  it('has no critical or serious violation on a phone in Chinese', async () => {
    const findings = await sweep(PHONE, 'zh');
    // The figures per screen and per menu, for the record.
    console.log(JSON.stringify({ menus: menusSeen.length, counts: countsByScreen(findings) }, null, 1));
    expect(findings, report(findings)).toEqual([]);
  }, 600_000);

  it('has none in the screens and dialogs no menu leads to on a phone in Chinese', async () => {
    const findings = await sweepExtras(PHONE, 'zh');
    console.log(JSON.stringify({ counts: countsByScreen(findings) }, null, 1));
    expect(findings, report(findings)).toEqual([]);
  }, 300_000);
});
