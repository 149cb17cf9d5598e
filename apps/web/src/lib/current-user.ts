// The signed-in user (GET /me), cached under ['me']. Every time user data arrives (login, refresh,
// /me, a preferences save) its display preferences are copied to this browser's preferences.
import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse, UpdatePreferencesRequest, User } from '@almendra/contracts';
import { api } from './api-client';
import { preferencesStore } from './preferences';
import { queryClient } from './query-client';
import { hasSession, isAuthenticated, subscribeToSession } from './session';

export const ME_QUERY_KEY = ['me'] as const;

export function adoptUserPreferences(user: User): void {
  preferencesStore.set({ locale: user.locale, theme: user.theme, primaryColor: user.primaryColor });
}

export function setCurrentUser(me: MeResponse): void {
  queryClient.setQueryData(ME_QUERY_KEY, me);
  adoptUserPreferences(me.user);
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: async ({ signal }) => {
      // The first time, the API client hands over the answer index.html's boot script already asked for
      // (src/lib/early-answers.ts).
      const me = await api.get<MeResponse>('/me', { signal });
      adoptUserPreferences(me.user);
      return me;
    },
    staleTime: 5 * 60_000,
  });
}

export function useCurrentUser() {
  return useQuery({ ...meQueryOptions(), enabled: isAuthenticated() });
}

/** Whether someone is signed in (lib/session.ts hasSession), re-rendering when the session starts or ends. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeToSession, () => hasSession(), () => false);
}

export async function updatePreferences(patch: UpdatePreferencesRequest): Promise<MeResponse> {
  const me = await api.patch<MeResponse>('/me/preferences', patch);
  setCurrentUser(me);
  return me;
}

/** The name a person is greeted with: the nutritionist's first name, else the account email. */
export function displayName(me: MeResponse | undefined): string {
  if (!me) return '';
  const first = me.nutritionist?.firstName?.trim();
  if (first) return first;
  return me.user.email;
}

export function fullName(me: MeResponse | undefined): string {
  if (!me) return '';
  const name = [me.nutritionist?.firstName, me.nutritionist?.lastName].filter(Boolean).join(' ').trim();
  return name || me.user.email;
}
