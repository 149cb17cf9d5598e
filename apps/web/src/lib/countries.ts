// Countries offered at registration: Latin America plus Spain, named by the browser's Intl data in
// the interface language (no hand-written country names to translate).

export const DEFAULT_COUNTRY = 'AR';

export const COUNTRY_CODES = [
  'AR', 'BO', 'BR', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'SV', 'GT',
  'HN', 'MX', 'NI', 'PA', 'PY', 'PE', 'PR', 'UY', 'VE', 'ES',
] as const;

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function countryOptions(locale: string): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
