// Dishes (platos) over /api/v1/dishes: list with search, detail, create, update, delete.
import { queryOptions } from '@tanstack/react-query';
import type { CreateDishRequest, Dish, DishListResponse, NutrientTotalsResponse, UpdateDishRequest } from '@almendra/contracts';
import type { NutrientKey, NutrientTotals } from '@almendra/domain';
import { api } from '../../../lib/api-client';

export function dishesPath(q: string, cursor: string | null): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
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

export const dishesApi = {
  create: (body: CreateDishRequest) => api.post<Dish>('/dishes', body),
  update: (id: string, body: UpdateDishRequest) => api.patch<Dish>(`/dishes/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<void>(`/dishes/${encodeURIComponent(id)}`),
};

/** The server's totals in the domain's shape, for the shared nutrient table. */
export function toDomainTotals(totals: NutrientTotalsResponse): NutrientTotals {
  return { values: totals.nutrients as Record<NutrientKey, number>, missing: totals.incomplete as NutrientKey[] };
}
