// wa.me links shared by features (the patient record's contact links, the plan's "Compartir por
// WhatsApp"): the phone in international digits (packages/domain: Argentine numbers without the trunk 0
// and the mobile 15, with 54 9) and the pre-filled text.
import { patientWhatsAppDigits } from '@almendra/domain';

/** Digits for wa.me from the record's mobile (area code + number) or its phone; null when none is dialable. */
export function whatsappNumber(areaCode: string | null, mobile: string | null, phone: string | null): string | null {
  return patientWhatsAppDigits(areaCode, mobile, phone);
}

/** wa.me link with the text; without a number WhatsApp lets the user pick the chat. */
export function whatsappLink(number: string | null, text: string): string {
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}
