// Platform operator calls (admin role only; the server answers 403 FORBIDDEN to anyone else).
import { queryOptions } from '@tanstack/react-query';
import type { AdminFoodRequest, PlatformSummary } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export function platformSummaryQuery() {
  return queryOptions({
    queryKey: ['admin', 'summary'],
    queryFn: ({ signal }) => api.get<PlatformSummary>('/admin/summary', { signal }),
  });
}

export interface AdminFoodRequestList {
  items: AdminFoodRequest[];
  total: number;
  nextCursor: string | null;
}

/** Food requests waiting for review, oldest first as the server lists them. */
export function pendingFoodRequestsQuery() {
  return queryOptions({
    queryKey: ['admin', 'food-requests', 'pending'],
    queryFn: ({ signal }) => api.get<AdminFoodRequestList>('/admin/food-requests?status=pending&limit=100', { signal }),
  });
}

export const adminFoodRequestsApi = {
  approve: (id: string) => api.post<AdminFoodRequest>(`/admin/food-requests/${encodeURIComponent(id)}/approve`, {}),
  reject: (id: string, reason: string) => api.post<AdminFoodRequest>(`/admin/food-requests/${encodeURIComponent(id)}/reject`, { reason }),
};
