// The Spanish a practice speaks to her visitors (public page, booking emails).
import { spanishLocaleFor } from '@almendra/contracts';

/**
 * Her interface's Spanish (es-AR: voseo), or, when she uses the app in English, the Spanish of her
 * country — visitors of a practice in Argentina read voseo.
 */
export function practiceVoice(row: { locale: string | null; country_code: string | null }): 'es' | 'es-AR' {
  return row.locale === 'es' || row.locale === 'es-AR' ? row.locale : spanishLocaleFor(row.country_code);
}
