// The guided tour of the main screens (issue 11, onboarding). Its seen mark is kept per account on the
// server (GET/POST/DELETE /api/v1/me/guided-tour[/seen]), so it follows the user across devices.
//
// For the tour itself (built separately): read guidedTourState() when the shell mounts and start the
// tour when `seen` is false; call markGuidedTourSeen() when it is finished or skipped; listen for
// GUIDED_TOUR_REOPEN_EVENT on window to start it again at once when /ayuda reopens it.
import type { GuidedTourState } from '@almendra/contracts';
import { api } from './api-client';

/** Dispatched on window after reopenGuidedTour() has cleared the seen mark. */
export const GUIDED_TOUR_REOPEN_EVENT = 'almendra:guided-tour-reopen';

export function guidedTourState(signal?: AbortSignal): Promise<GuidedTourState> {
  return api.get<GuidedTourState>('/me/guided-tour', { signal });
}

export function markGuidedTourSeen(): Promise<GuidedTourState> {
  return api.post<GuidedTourState>('/me/guided-tour/seen');
}

/** /ayuda's "Ver el recorrido guiado otra vez": clears the seen mark and tells the tour to start. */
export async function reopenGuidedTour(): Promise<GuidedTourState> {
  const state = await api.delete<GuidedTourState>('/me/guided-tour/seen');
  window.dispatchEvent(new CustomEvent(GUIDED_TOUR_REOPEN_EVENT));
  return state;
}
