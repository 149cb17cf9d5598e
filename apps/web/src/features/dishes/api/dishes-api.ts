// Dishes (platos) over /api/v1/dishes: list (own or examples) with search, detail, create, update, delete,
// copy/duplicate and the photo (multipart upload; read with the bearer into an object URL).
import { queryOptions } from '@tanstack/react-query';
import type { CreateDishRequest, Dish, DishListResponse, DishSource, NutrientTotalsResponse, UpdateDishRequest } from '@almendra/contracts';
import type { NutrientKey, NutrientTotals } from '@almendra/domain';
import { api } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { authorizedFetch } from '../../foods';

export function dishesPath(q: string, cursor: string | null, source: DishSource = 'own', limit?: number): string {
  const params = new URLSearchParams();
  if (source !== 'own') params.set('source', source);
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  if (limit) params.set('limit', String(limit));
  return `/dishes?${params.toString()}`;
}

export const listDishes = (path: string, signal?: AbortSignal) => api.get<DishListResponse>(path, { signal });

export function dishQuery(id: string) {
  return queryOptions({
    queryKey: ['dishes', 'detail', id],
    queryFn: ({ signal }) => api.get<Dish>(`/dishes/${encodeURIComponent(id)}`, { signal }),
    enabled: Boolean(id),
  });
}

/** The nutritionist's dishes a dish editor can include (the first 100 by name). */
export function ownDishOptionsQuery() {
  return queryOptions({
    queryKey: ['dishes', 'options'],
    queryFn: ({ signal }) => listDishes(dishesPath('', null, 'own', 100), signal),
  });
}

export const dishesApi = {
  create: (body: CreateDishRequest) => api.post<Dish>('/dishes', body),
  update: (id: string, body: UpdateDishRequest) => api.patch<Dish>(`/dishes/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<void>(`/dishes/${encodeURIComponent(id)}`),
  /** Duplicates an own dish or copies an example into a new own dish. */
  copy: (id: string) => api.post<Dish>(`/dishes/${encodeURIComponent(id)}/copy`, {}),
  removePhoto: (id: string) => api.delete<void>(`/dishes/${encodeURIComponent(id)}/photo`),
};

export async function uploadDishPhoto(id: string, file: File): Promise<Dish> {
  const body = new FormData();
  body.append('photo', file);
  const response = await authorizedFetch(`/dishes/${encodeURIComponent(id)}/photo`, { method: 'PUT', body });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return (await response.json()) as Dish;
}

/** The photo as a Blob (an <img> cannot send the bearer header). */
export async function fetchDishPhoto(id: string, signal?: AbortSignal): Promise<Blob> {
  const response = await authorizedFetch(`/dishes/${encodeURIComponent(id)}/photo`, { signal });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response.blob();
}

/** The server's totals in the domain's shape, for the shared nutrient table. */
export function toDomainTotals(totals: NutrientTotalsResponse): NutrientTotals {
  return { values: totals.nutrients as Record<NutrientKey, number>, missing: totals.incomplete as NutrientKey[] };
}
