// Matching of the navbar page search: case- and accent-insensitive, over the label in both languages.

export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es')
    .trim();
}

/** Every word of the query must appear in one of the texts ('estad' finds "Estadísticas" and "Statistics"). */
export function matchesQuery(query: string, texts: readonly string[]): boolean {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.map(normalizeForSearch).join(' ');
  return words.every((word) => haystack.includes(word));
}
