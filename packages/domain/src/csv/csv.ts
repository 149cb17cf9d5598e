/**
 * Every CSV the product writes (patient contacts, statistics, …) through one function, in the dialect the
 * reader's spreadsheet expects (issue 24): in Spanish locales Excel (Argentina and most Spanish-speaking
 * countries use the decimal comma) opens a comma-separated file as one column, so `es`/`es-AR` files use
 * ";" between fields and "," in decimals; English files use "," and ".". Always UTF-8 with a BOM (so
 * Excel reads accents) and CRLF line ends (RFC 4180). A text field that starts like a spreadsheet formula
 * (= + - @, tab, CR) gets a leading apostrophe so it is shown as text, never run (OWASP "CSV injection").
 */

export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const CSV_BOM = '\uFEFF';

/** ";" and decimal comma for Spanish locales, "," and decimal point otherwise. */
export function csvDialectFor(locale: string | null | undefined): CsvDialect {
  return locale && /^es\b/i.test(locale) ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };
}

/** A cell: text (guarded against formulas unless `raw`), a number (written in the dialect), or empty. */
export type CsvCell = string | number | null | undefined | { raw: string };

function field(cell: CsvCell, dialect: CsvDialect): string {
  let text: string;
  if (cell === null || cell === undefined) text = '';
  else if (typeof cell === 'number') text = Number.isFinite(cell) ? String(cell).replace('.', dialect.decimal) : '';
  else if (typeof cell === 'object') text = cell.raw;
  else text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  // Quoted when it holds the separator, a quote or a line break; quotes doubled.
  return text.includes(dialect.separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: BOM, one line per row, CRLF after each. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvCell>>, dialect: CsvDialect): string {
  return `${CSV_BOM}${rows.map((row) => row.map((cell) => field(cell, dialect)).join(dialect.separator)).join('\r\n')}\r\n`;
}
