// Foods, own foods, food requests and the admin review: TanStack Query options and mutations over /api/v1.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdminFoodRequest,
  CreateOwnFoodRequest,
  FoodDetail,
  FoodGroup,
  FoodListResponse,
  FoodRequest,
  FoodRequestListResponse,
  SubmitFoodRequest,
  UpdateOwnFoodRequest,
} from '@almendra/contracts';
import { api, refreshSession } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { currentAccessToken } from '../../../lib/session';

export type FoodTab = 'database' | 'own';

export function foodGroupsQuery() {
  return queryOptions({
    queryKey: ['foods', 'groups'],
    queryFn: ({ signal }) => api.get<FoodGroup[]>('/foods/groups', { signal }),
    staleTime: Infinity,
  });
}

export function foodSearchPath(params: { q: string; group: string | null; source: FoodTab; cursor?: string | null }): string {
  const search = new URLSearchParams();
  if (params.q.trim()) search.set('q', params.q.trim());
  if (params.group) search.set('group', params.group);
  search.set('source', params.source);
  if (params.cursor) search.set('cursor', params.cursor);
  return `/foods?${search.toString()}`;
}

export const listFoods = (path: string, signal?: AbortSignal) => api.get<FoodListResponse>(path, { signal });

/** A search of /alimentos, one page after another (seed 2 §9: typed searches wait 500 ms in the screen). */
export function foodListQuery(tab: FoodTab, query: string, group: string | null) {
  return infiniteQueryOptions({
    queryKey: ['foods', 'list', tab, query.trim(), group],
    queryFn: ({ pageParam, signal }) => listFoods(foodSearchPath({ q: query, group, source: tab, cursor: pageParam }), signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function foodDetailQuery(id: string) {
  return queryOptions({
    queryKey: ['foods', 'detail', id],
    queryFn: ({ signal }) => api.get<FoodDetail>(`/foods/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(id),
  });
}

export const foodsApi = {
  create: (body: CreateOwnFoodRequest) => api.post<FoodDetail>('/foods', body),
  update: (id: string, body: UpdateOwnFoodRequest) => api.patch<FoodDetail>(`/foods/${encodeURIComponent(id)}`, body),
  deactivate: (id: string) => api.delete<void>(`/foods/${encodeURIComponent(id)}`),
  submitRequest: (body: SubmitFoodRequest) => api.post<FoodRequest>('/food-requests', body),
  approve: (id: string) => api.post<AdminFoodRequest>(`/admin/food-requests/${encodeURIComponent(id)}/approve`, {}),
  reject: (id: string, reason: string) => api.post<AdminFoodRequest>(`/admin/food-requests/${encodeURIComponent(id)}/reject`, { reason }),
};

export function myFoodRequestsQuery() {
  return queryOptions({
    queryKey: ['food-requests', 'mine'],
    queryFn: ({ signal }) => api.get<FoodRequestListResponse>('/food-requests?limit=100', { signal }),
  });
}

export function adminFoodRequestsQuery() {
  return queryOptions({
    queryKey: ['food-requests', 'admin'],
    queryFn: ({ signal }) =>
      api.get<{ items: AdminFoodRequest[]; total: number; nextCursor: string | null }>('/admin/food-requests?status=pending&limit=100', { signal }),
  });
}

/**
 * fetch with the bearer token and one refresh on 401, for what the JSON client cannot send or read:
 * the label photo (multipart) and the catalogue (If-None-Match → 304).
 */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = (token: string | null) => {
    const headers = new Headers(init.headers);
    headers.set('X-Requested-With', 'XMLHttpRequest');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return window.fetch(`/api/v1${path}`, { ...init, headers, credentials: 'same-origin' });
  };
  const token = currentAccessToken();
  const response = await send(token);
  if (response.status !== 401 || !token) return response;
  const renewed = await refreshSession(token);
  return renewed ? send(renewed) : response;
}

export async function uploadRequestPhoto(id: string, file: File): Promise<FoodRequest> {
  const body = new FormData();
  body.append('photo', file);
  const response = await authorizedFetch(`/food-requests/${encodeURIComponent(id)}/photo`, { method: 'PUT', body });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await response.json()) as FoodRequest;
}
