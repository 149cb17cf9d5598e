// Appointment requests not yet seen: the count behind the side menu's marketing badge.
import { queryOptions } from '@tanstack/react-query';
import type { UnseenRequestsCount } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export const UNSEEN_REQUESTS_REFRESH_MS = 60_000;

export function unseenRequestsQuery() {
  return queryOptions({
    queryKey: ['marketing', 'unseen-count'],
    queryFn: ({ signal }) => api.get<UnseenRequestsCount>('/marketing/unseen-count', { signal }),
    refetchInterval: UNSEEN_REQUESTS_REFRESH_MS,
    // A failing badge must not interrupt the nutritionist with toasts every minute.
    meta: { silent: true },
  });
}
