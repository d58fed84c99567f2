/**
 * CSV that opens correctly in a spreadsheet (ADR 056): UTF-8 with a byte-order mark (Excel reads
 * the file as UTF-8 only with it), CRLF line ends and RFC 4180 quoting. A cell that a spreadsheet
 * would take for a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
 * apostrophe, so a name or a question like `=HYPERLINK(...)` stays text. Amounts are written as
 * plain numbers (`50.00`), which no sign begins, so they stay numbers.
 */

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised, then quoted when it holds a quote, a comma or a line break. */
export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the header row, then one row per record. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Cents as a spreadsheet number: `1234` → `12.34`. */
export const csvAmount = (cents: number): string =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Dates as ISO days (UTC), which every spreadsheet reads as dates. */
export const csvDate = (date: Date): string => date.toISOString().slice(0, 10);
