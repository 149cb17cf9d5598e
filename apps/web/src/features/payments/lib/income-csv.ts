// The income series as CSV that a spreadsheet opens as columns in the person's own locale: in Spanish
// (es, es-AR) the Argentine Excel expects ';' between fields and a decimal comma ('15000,50'); in English
// ',' and a decimal point. A UTF-8 BOM so Excel reads the accents; months as 'YYYY-MM'.
import type { Income } from '@almendra/contracts';
import { PATIENT_PAYMENT_METHODS } from '@almendra/contracts/constants';

export interface IncomeCsvLabels {
  month: string;
  collected: string;
  billed: string;
  currency: string;
  methods: Record<(typeof PATIENT_PAYMENT_METHODS)[number], string>;
}

export function csvFormatFor(language: string): { separator: ';' | ','; decimal: ',' | '.' } {
  return language.startsWith('es') ? { separator: ';', decimal: ',' } : { separator: ',', decimal: '.' };
}

/** 1500050 → '15000,50' (or '15000.50'): no thousands separators, which a spreadsheet would read as text. */
export function centsToCsvNumber(cents: number, decimal: ',' | '.'): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

export function incomeCsv(income: Income, labels: IncomeCsvLabels, language: string): string {
  const { separator, decimal } = csvFormatFor(language);
  const field = (text: string) => (text.includes(separator) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const header = [labels.month, labels.collected, labels.billed, ...PATIENT_PAYMENT_METHODS.map((m) => labels.methods[m]), labels.currency];
  const lines = income.byMonth.map((row) => [
    `${income.year}-${String(row.month).padStart(2, '0')}`,
    centsToCsvNumber(row.collectedCents, decimal),
    centsToCsvNumber(row.billedCents, decimal),
    ...PATIENT_PAYMENT_METHODS.map((m) => centsToCsvNumber(row.byMethod.find((b) => b.method === m)?.amountCents ?? 0, decimal)),
    income.currency,
  ]);
  return `\uFEFF${[header, ...lines].map((line) => line.map(field).join(separator)).join('\r\n')}\r\n`;
}
