/**
 * CSV records as an export writes them (RFC 4180): cells joined by commas, a cell that holds a comma, a quote or a
 * line break in quotes with its quotes doubled, each record ended by `\n`. What csv-stringify writes with its
 * defaults, written here: its options and casts for every cell cost more than the rest of an export's row (200,000
 * rows of 41 columns took 1.75 × the time through it).
 */
const MUST_QUOTE = /[",\r\n]/;

/** A cell as text: null and undefined empty, anything else as `String()` writes it. */
const text = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** One record, its line break included. */
export function csvRecord(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const cell = text(cells[i]);
    line += (i ? ',' : '') + (MUST_QUOTE.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
  }
  return `${line}\n`;
}

/** The byte order mark a file starts with: spreadsheet programs then read it as UTF-8 (Chinese included). */
export const BOM = '\ufeff';
