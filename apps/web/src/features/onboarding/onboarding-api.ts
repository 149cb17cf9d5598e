// The account's onboarding state (GET/PATCH /me/onboarding): the guided tour and the first-patient popup.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OnboardingState, UpdateOnboarding } from '@almendra/contracts';
import { api } from '../../lib/api-client';

export const onboardingKey = ['me', 'onboarding'] as const;

export function onboardingQuery() {
  return queryOptions({
    queryKey: onboardingKey,
    queryFn: ({ signal }) => api.get<OnboardingState>('/me/onboarding', { signal }),
    staleTime: 5 * 60_000,
    // Onboarding is a courtesy: a failure never interrupts the screen with a toast.
    meta: { silent: true },
  });
}

export async function updateOnboarding(queryClient: QueryClient, changes: UpdateOnboarding): Promise<OnboardingState> {
  const state = await api.patch<OnboardingState>('/me/onboarding', changes);
  queryClient.setQueryData(onboardingKey, state);
  return state;
}
