// Argentine numbers as WhatsApp dials them: +54 9 + area code (2, 3 or 4 digits) + number, no "15", no 0.
import { describe, expect, it } from 'vitest';
import { argentineAreaCodeLength, patientWhatsAppDigits, whatsAppDigits } from './argentine-phone.js';

describe('whatsAppDigits', () => {
  it.each([
    // 2-digit area code (Buenos Aires)
    ['11 / 15 6123-4567', '5491161234567'],
    ['011 15-6123-4567', '5491161234567'],
    ['(011) 15 6123 4567', '5491161234567'],
    ['11 6123-4567', '5491161234567'],
    ['+54 9 11 6123-4567', '5491161234567'],
    ['+54 11 6123-4567', '5491161234567'],
    ['+54 9 11 15 6123-4567', '5491161234567'],
    ['0054 9 11 6123 4567', '5491161234567'],
    ['5491161234567', '5491161234567'],
    // 3-digit area codes (Córdoba, Rosario, La Plata, Mendoza)
    ['(0351) 15 612-3456', '5493516123456'],
    ['0341 15 555 0101', '5493415550101'],
    ['221 15-412-3456', '5492214123456'],
    ['+54 9 261 412 3456', '5492614123456'],
    // 4-digit area codes (Río Gallegos, Ushuaia, Santa Rosa)
    ['(02966) 15 41-2345', '5492966412345'],
    ['2901 15 43-2109', '5492901432109'],
    ['02954 15 456789', '5492954456789'],
  ])('%s → %s', (typed, digits) => {
    expect(whatsAppDigits(typed)).toBe(digits);
  });

  it('keeps another country\'s number as written', () => {
    expect(whatsAppDigits('+598 94 123 456')).toBe('59894123456');
    expect(whatsAppDigits('+34 612 34 56 78')).toBe('34612345678');
  });

  it('answers null for what cannot be an Argentine number, rather than dial a stranger', () => {
    expect(whatsAppDigits('')).toBeNull();
    expect(whatsAppDigits(null)).toBeNull();
    expect(whatsAppDigits('4567-1234')).toBeNull(); // no area code
    expect(whatsAppDigits('11 15 6123')).toBeNull();
  });
});

describe('argentineAreaCodeLength', () => {
  it.each([
    ['1161234567', 2],
    ['3516123456', 3],
    ['2214123456', 3],
    ['2994123456', 3],
    ['2966412345', 4],
    ['3564412345', 4],
    ['2324412345', 4],
  ] as const)('%s → %i', (national, length) => {
    expect(argentineAreaCodeLength(national)).toBe(length);
  });
});

describe('patientWhatsAppDigits (area code and mobile as the record keeps them)', () => {
  it('takes out the 0 of the area code and the 15 of the mobile', () => {
    expect(patientWhatsAppDigits('011', '15 6123-4567', null)).toBe('5491161234567');
    expect(patientWhatsAppDigits('11', '6123-4567', null)).toBe('5491161234567');
    expect(patientWhatsAppDigits('0351', '15-612-3456', null)).toBe('5493516123456');
    expect(patientWhatsAppDigits('2966', '15412345', null)).toBe('5492966412345');
  });

  it('falls back to the phone, and to nothing', () => {
    expect(patientWhatsAppDigits(null, null, '+54 9 11 5555 1234')).toBe('5491155551234');
    expect(patientWhatsAppDigits(null, '11 15 6123-4567', null)).toBe('5491161234567');
    expect(patientWhatsAppDigits(null, null, null)).toBeNull();
  });
});
