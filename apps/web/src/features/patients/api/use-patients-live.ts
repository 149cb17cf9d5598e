// Patient lists stay current when patients change elsewhere (another device or tab, a booking from the
// public profile): the server publishes 'pacientes-actualizados' after any accepted change and
// 'marketing.requests-changed' when a request creates a new patient. Only lists refetch — an open record
// or form is never reloaded under the nutritionist's hands.
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { REQUESTS_CHANGED_EVENT } from '../../marketing/api/use-marketing-live';
import { onboardingKey } from '../../onboarding/onboarding-api';

export const PATIENTS_CHANGED_EVENT = 'pacientes-actualizados';
const LIST_KINDS: ReadonlySet<unknown> = new Set(['list', 'recent']);

export function usePatientListsLive(): void {
  const queryClient = useQueryClient();
  useRealtimeEvents([PATIENTS_CHANGED_EVENT, REQUESTS_CHANGED_EVENT, 'realtime.reconnected'], () => {
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'patients' && LIST_KINDS.has(query.queryKey[1]) });
    void queryClient.invalidateQueries({ queryKey: onboardingKey });
  });
}
