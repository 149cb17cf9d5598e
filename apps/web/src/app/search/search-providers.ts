// Extension point of the navbar search. `patientSearchProvider` is the patients feature's search
// (GET /api/v1/patients?q=…&limit=8; the spotlight
// already debounces the query by 500 ms, as the spec asks for patient searches, and passes an
// AbortSignal that fires when the query changes). Results are shown in a "Pacientes" group.

import type { PatientListResponse } from '@almendra/contracts';
import { api } from '../../lib/api-client';

export interface SearchResult {
  id: string;
  /** Main text (e.g. the patient's full name). */
  label: string;
  /** Secondary text (e.g. email or place of care). */
  description?: string;
  /** Where the result leads (e.g. '/ficha?paciente=<id>'). */
  path: string;
}

export type SearchProvider = (query: string, signal: AbortSignal) => Promise<SearchResult[]>;

/**
 * Patients whose name, surname or email contain every word of the query (server-side, case- and
 * accent-insensitive), at most 8. A failed search shows no patient rows rather than an error toast
 * in the middle of typing; an aborted one rejects so the spotlight ignores it.
 */
export const patientSearchProvider: SearchProvider = async (query, signal) => {
  const q = query.trim();
  if (!q) return [];
  try {
    const answer = await api.get<PatientListResponse>(`/patients?q=${encodeURIComponent(q)}&limit=8`, { signal });
    return answer.items.map((p) => ({
      id: p.id,
      label: `${p.firstName} ${p.lastName}`,
      description: p.email ?? undefined,
      path: `/ficha?id=${encodeURIComponent(p.id)}`,
    }));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
};
