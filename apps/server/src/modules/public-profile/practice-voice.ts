// The Spanish a practice speaks to her visitors (public page, booking emails).
import { spanishLocaleFor, toVoseo } from '@almendra/contracts';

/**
 * Her interface's Spanish (es-AR: voseo), or, when she uses the app in English, the Spanish of her
 * country — visitors of a practice in Argentina read voseo.
 */
export function practiceVoice(row: { locale: string | null; country_code: string | null }): 'es' | 'es-AR' {
  return row.locale === 'es' || row.locale === 'es-AR' ? row.locale : spanishLocaleFor(row.country_code);
}

/**
 * How the server-rendered public pages (the profile /p/{slug}, the appointment page /turno/{token}) and the
 * booking emails speak: each text written once, in neutral Spanish (tú), and rewritten by the shared
 * dictionary (@almendra/contracts toVoseo, checked by voseo.test) for an Argentine practice.
 */
export function voiced(voice: 'es' | 'es-AR'): (text: string) => string {
  return (text) => (voice === 'es-AR' ? toVoseo(text) : text);
}
