// Argentine tax documents for the billing form (seed 1 section 5).
//
// CUIT/CUIL (Clave Única de Identificación Tributaria, AFIP — now ARCA): 11 digits, a 2-digit type prefix
// (20, 23, 24, 27 people; 30, 33, 34 companies), the 8-digit DNI or company number, and a check digit:
// multiply the first ten digits by 5, 4, 3, 2, 7, 6, 5, 4, 3, 2, sum, take 11 − (sum mod 11); 11 → 0 and
// 10 → not a valid number for that prefix (AFIP then assigns prefix 23/33 with check digit 9 or 4).
// Source: AFIP, "Clave Única de Identificación Tributaria — algoritmo de verificación" (RG 10/97), as
// published in AFIP's own validator and reproduced by ARCA's "Constancia de inscripción" help.
// DNI (Documento Nacional de Identidad, RENAPER): 7 or 8 digits.

export type FiscalDocumentType = 'CUIT' | 'DNI';

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;
const CUIT_PREFIXES = new Set(['20', '23', '24', '25', '26', '27', '30', '33', '34']);

/** Only the digits of what a person typed: '20-12345678-6', '20.123.456.786' and '20 12345678 6' are alike. */
export function documentDigits(value: string): string {
  return value.replace(/[\s.\-/]/g, '');
}

/** The CUIT check digit for the first ten digits, or null when none exists (remainder 1). */
export function cuitCheckDigit(firstTen: string): number | null {
  const sum = CUIT_WEIGHTS.reduce((total, weight, i) => total + weight * Number(firstTen[i]), 0);
  const digit = 11 - (sum % 11);
  if (digit === 11) return 0;
  if (digit === 10) return null;
  return digit;
}

export type FiscalDocumentProblem = 'not_numeric' | 'cuit_length' | 'cuit_prefix' | 'cuit_check_digit' | 'dni_length';

export function fiscalDocumentProblem(type: FiscalDocumentType, value: string): FiscalDocumentProblem | null {
  const digits = documentDigits(value);
  if (!/^\d+$/.test(digits)) return 'not_numeric';
  if (type === 'DNI') return digits.length === 7 || digits.length === 8 ? null : 'dni_length';
  if (digits.length !== 11) return 'cuit_length';
  if (!CUIT_PREFIXES.has(digits.slice(0, 2))) return 'cuit_prefix';
  return cuitCheckDigit(digits.slice(0, 10)) === Number(digits[10]) ? null : 'cuit_check_digit';
}

/**
 * How a document is shown: a CUIT as AFIP prints it, 20-30123456-3 (type, number, check digit); a DNI with
 * dot thousands separators, 30.123.456. Works on partial input too, so the form can format as she types.
 */
export function formatDocumentNumber(digits: string, type: FiscalDocumentType): string {
  if (type === 'CUIT') {
    if (digits.length <= 2) return digits;
    if (digits.length <= 10) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
    return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
  }
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}
