// wa.me links shared by features (the patient record's contact links, the plan's "Compartir por
// WhatsApp"): a phone in international digits and the pre-filled text.

/** Digits for wa.me: the mobile (area code + number) or the phone. Argentina's 549 prefix is added when missing. */
export function whatsappNumber(areaCode: string | null, mobile: string | null, phone: string | null): string | null {
  const local = `${areaCode ?? ''}${mobile ?? ''}`.replace(/\D/g, '') || (phone ?? '').replace(/\D/g, '');
  if (!local) return null;
  if (local.startsWith('54')) return local;
  return `549${local.replace(/^0/, '')}`;
}

/** wa.me link with the text; without a number WhatsApp lets the user pick the chat. */
export function whatsappLink(number: string | null, text: string): string {
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}
