import { describe, expect, it } from 'vitest';
import { whatsappLink, whatsappNumber } from './whatsapp';

describe('whatsapp links', () => {
  it('builds the Argentine mobile number from area code and number, or the phone', () => {
    expect(whatsappNumber('011', '4555-0101', null)).toBe('5491145550101');
    expect(whatsappNumber(null, null, '+54 9 351 555 0101')).toBe('5493515550101');
    expect(whatsappNumber(null, null, null)).toBeNull();
    // Typed the Argentine way, with the mobile 15: dialled without it (not 549111561234567).
    expect(whatsappNumber('11', '15 6123-4567', null)).toBe('5491161234567');
    expect(whatsappNumber(null, '11 / 15 6123-4567', null)).toBe('5491161234567');
  });
  it('puts the phone and the encoded text in the wa.me link', () => {
    expect(whatsappLink('5491145550101', 'Tu plan: Lunes & más')).toBe('https://wa.me/5491145550101?text=Tu%20plan%3A%20Lunes%20%26%20m%C3%A1s');
    expect(whatsappLink(null, 'hola')).toBe('https://wa.me/?text=hola');
  });
});
