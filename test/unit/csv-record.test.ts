/** The export's CSV records read back by csv-parse (the import's parser) as the cells they were written from. */
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { BOM, csvRecord } from '../../src/server/core/crud/csv-record';

describe('CSV records', () => {
  it('quote exactly the cells that hold a comma, a quote or a line break', () => {
    expect(csvRecord(['a', 'b c', 'x,y', 'say "hi"', 'two\nlines', 'cr\r', ''])).toBe(
      'a,b c,"x,y","say ""hi""","two\nlines","cr\r",\n',
    );
    expect(csvRecord([1, -5, 19.9, null, undefined, 0])).toBe('1,-5,19.9,,,0\n');
  });

  it('read back as the cells they were written from, whatever the text', () => {
    const cell = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', '中', "'", '=') }),
      fc.string({ unit: 'grapheme' }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const width = rows[0]!.length;
        const table = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? ''));
        const file = BOM + table.map(csvRecord).join('');
        expect(parse(file, { bom: true })).toEqual(table);
      }),
      { numRuns: 500 },
    );
  });
});
