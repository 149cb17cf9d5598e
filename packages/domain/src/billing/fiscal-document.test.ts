import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, documentDigits, fiscalDocumentProblem, formatDocumentNumber } from './fiscal-document.js';

describe('CUIT check digit (AFIP mod 11, weights 5432765432)', () => {
  // Published CUITs of Argentine institutions and companies (their own invoices and AFIP's registry):
  // AFIP 33-69345023-9, Banco de la Nación Argentina 30-50001091-2, YPF S.A. 30-54668997-9,
  // MercadoLibre S.R.L. 30-70308853-4; and the textbook example 20-12345678-6.
  it.each(['33-69345023-9', '30-50001091-2', '30-54668997-9', '30-70308853-4', '20-12345678-6', '20.123.456.786', '20123456786'])('accepts %s', (cuit) => {
    expect(fiscalDocumentProblem('CUIT', cuit)).toBeNull();
  });

  it.each([
    ['30-50001091-3', 'cuit_check_digit'],
    ['33-69345023-0', 'cuit_check_digit'],
    ['20-12345678-8', 'cuit_check_digit'],
    ['2012345678', 'cuit_length'],
    ['201234567861', 'cuit_length'],
    ['12-12345678-6', 'cuit_prefix'],
    ['20-1234567A-6', 'not_numeric'],
  ] as const)('rejects %s (%s)', (cuit, problem) => {
    expect(fiscalDocumentProblem('CUIT', cuit)).toBe(problem);
  });

  it('maps remainder 0 to check digit 0 and has no digit for remainder 1', () => {
    // 20-00000001-?: sum = 2·5 + 1·2 = 12 → 12 mod 11 = 1 → 11 − 1 = 10: no valid digit (AFIP reassigns prefix 23).
    expect(cuitCheckDigit('2000000001')).toBeNull();
    // 20-00000006-?: sum = 10 + 6·2 = 22 → mod 11 = 0 → 11 → 0.
    expect(cuitCheckDigit('2000000006')).toBe(0);
  });
});

describe('DNI', () => {
  it('has 7 or 8 digits', () => {
    expect(fiscalDocumentProblem('DNI', '12.345.678')).toBeNull();
    expect(fiscalDocumentProblem('DNI', '1234567')).toBeNull();
    expect(fiscalDocumentProblem('DNI', '123456')).toBe('dni_length');
    expect(fiscalDocumentProblem('DNI', '123456789')).toBe('dni_length');
    expect(fiscalDocumentProblem('DNI', '12a45678')).toBe('not_numeric');
  });
});

describe('display', () => {
  it('strips separators; shows a CUIT as 20-30123456-3 and a DNI with dot thousands separators', () => {
    expect(documentDigits('20-12345678-6')).toBe('20123456786');
    expect(formatDocumentNumber('20301234563', 'CUIT')).toBe('20-30123456-3');
    expect(formatDocumentNumber('2030', 'CUIT')).toBe('20-30');
    expect(formatDocumentNumber('20', 'CUIT')).toBe('20');
    expect(formatDocumentNumber('2030123456', 'CUIT')).toBe('20-30123456');
    expect(formatDocumentNumber('12345678', 'DNI')).toBe('12.345.678');
    expect(formatDocumentNumber('1234567', 'DNI')).toBe('1.234.567');
  });
});
