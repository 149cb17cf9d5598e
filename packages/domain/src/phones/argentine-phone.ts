/**
 * Phone numbers as WhatsApp dials them (wa.me/<digits>), from the ways Argentines write them.
 *
 * Argentina's numbering plan (ENACOM, Plan Fundamental de Numeración Nacional; ITU-T E.164 country
 * code 54): a national number has 10 digits, area code (2, 3 or 4 digits, written with a trunk "0"
 * inside the country) followed by the subscriber number. A mobile is dialled inside the country as
 * 0 + area code + "15" + number, and from abroad — which is what WhatsApp needs — as
 * +54 9 + area code + number, without the "15". So "011 15 6123-4567" and "11 / 15 6123-4567" are
 * both +54 9 11 6123-4567 (wa.me/5491161234567), never 549111561234567.
 *
 * The area code's length is read from the plan: 11 (Buenos Aires) is the only 2-digit code, the
 * 3-digit codes are listed below, every other code has 4 digits. The plan is prefix-free, so the first
 * digits decide.
 */

/** The 3-digit area codes of the national plan (ENACOM). 11 is the only 2-digit one; the rest have 4. */
export const ARGENTINE_THREE_DIGIT_AREA_CODES: readonly string[] = [
  '220', '221', '223', '230', '236', '237', '249', '260', '261', '263', '264', '266', '280', '291', '294', '297', '298',
  '299', '336', '341', '342', '343', '345', '348', '351', '353', '358', '362', '364', '370', '376', '379', '380', '381',
  '383', '385', '387', '388',
];

const NATIONAL_NUMBER_LENGTH = 10;
const COUNTRY_CODE = '54';
const MOBILE_PREFIX = '9';

/** Length of the area code a 10-digit (or 15-carrying) national number starts with. */
export function argentineAreaCodeLength(nationalDigits: string): 2 | 3 | 4 {
  if (nationalDigits.startsWith('11')) return 2;
  if (ARGENTINE_THREE_DIGIT_AREA_CODES.includes(nationalDigits.slice(0, 3))) return 3;
  return 4;
}

const digitsOf = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');

/** A national number (no country code, no trunk 0) with the mobile "15" taken out when it is there. */
function withoutMobile15(national: string): string {
  if (national.length === NATIONAL_NUMBER_LENGTH + 2) {
    const area = argentineAreaCodeLength(national);
    if (national.slice(area, area + 2) === '15') return national.slice(0, area) + national.slice(area + 2);
  }
  return national;
}

/**
 * Digits for wa.me of a number typed in any usual Argentine form, or null when it cannot be a valid
 * Argentine number (WhatsApp would open a chat with a stranger). A number written with another
 * country's code ("+598 …", "+34 …") is kept as written.
 */
export function whatsAppDigits(typed: string | null | undefined): string | null {
  const raw = (typed ?? '').trim();
  let digits = digitsOf(raw);
  if (!digits) return null;
  const international = raw.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (international && !digits.startsWith(COUNTRY_CODE)) return digits.length >= 8 && digits.length <= 15 ? digits : null;
  let national = digits;
  if (international || (digits.startsWith(COUNTRY_CODE) && digits.length > NATIONAL_NUMBER_LENGTH + 1)) {
    national = digits.slice(COUNTRY_CODE.length);
    // "9" marks a mobile from abroad; some people also keep the "15" after it (13 digits then).
    if (national.startsWith(MOBILE_PREFIX) && (national.length === NATIONAL_NUMBER_LENGTH + 1 || national.length === NATIONAL_NUMBER_LENGTH + 3)) {
      national = national.slice(1);
    }
  }
  national = withoutMobile15(national.replace(/^0/, ''));
  return national.length === NATIONAL_NUMBER_LENGTH ? `${COUNTRY_CODE}${MOBILE_PREFIX}${national}` : null;
}

/**
 * The record keeps a mobile as area code + number (the spec's Pac_CodArea and Pac_Cel) and a phone as
 * free text: the mobile when there is one, else the phone.
 */
export function patientWhatsAppDigits(areaCode: string | null | undefined, mobile: string | null | undefined, phone: string | null | undefined): string | null {
  const area = digitsOf(areaCode).replace(/^0/, '');
  let number = digitsOf(mobile);
  if (number) {
    if (number.startsWith('15') && area.length + number.length === NATIONAL_NUMBER_LENGTH + 2) number = number.slice(2);
    const fromMobile = area ? whatsAppDigits(`${area}${number}`) : whatsAppDigits(mobile);
    if (fromMobile) return fromMobile;
  }
  return whatsAppDigits(phone);
}
