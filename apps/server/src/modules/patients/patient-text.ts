// Search and sort keys of a patient. Both are written by the service on every change of the name or email,
// so the list filters with a plain LIKE on a lower-case, accent-free column and orders by an equally plain
// key: identical results on SQLite and PostgreSQL, no collations or extensions needed.

import { foldText } from '@almendra/contracts';

export function searchTextOf(patient: { first_name: string; last_name: string; email: string | null }): string {
  return foldText(`${patient.first_name} ${patient.last_name} ${patient.email ?? ''}`);
}

/** U+0001 sorts before every printable character, so "Pérez, Zoe" comes before "Pérez García, Ana". */
export function sortNameOf(patient: { first_name: string; last_name: string }): string {
  return `${foldText(patient.last_name)}\u0001${foldText(patient.first_name)}`;
}

/** At most this many words of a query are used (each one must match). */
const MAX_TERMS = 8;

/** The words of a search query, folded like the stored column. */
export function searchTerms(query: string | undefined): string[] {
  if (!query) return [];
  return [...new Set(foldText(query).split(' ').filter(Boolean))].slice(0, MAX_TERMS);
}

/** A LIKE pattern matching the term anywhere; %, _ and the escape character itself are literal. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
