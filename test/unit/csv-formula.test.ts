/** The export's guard against spreadsheet formulas (OWASP CSV injection) and the import's undoing of it. */
import { describe, expect, it } from 'vitest';
import { guardFormula, unguardFormula } from '../../src/server/core/crud/csv-formula';

describe('CSV formula guard', () => {
  it('quotes text a spreadsheet would run, and undoes exactly that', () => {
    const texts = ['=1+1', '+1 555', '-2', '@SUM(1)', '\tx', '\rx', "'=x", "''@x", "'plain", 'plain', '', "'"];
    for (const t of texts) expect(unguardFormula(guardFormula(t)), JSON.stringify(t)).toBe(t);
    expect(texts.map(guardFormula).slice(0, 8)).toEqual([
      "'=1+1",
      "'+1 555",
      "'-2",
      "'@SUM(1)",
      "'\tx",
      "'\rx",
      "''=x",
      "'''@x",
    ]);
    expect(guardFormula("'plain")).toBe("'plain");
  });
});
