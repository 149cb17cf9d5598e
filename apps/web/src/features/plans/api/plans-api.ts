// Calls of the plans feature: meal slots, plans (templates and patient plans), exchange groups, PDF.
import type {
  CreatePlanRequest,
  Dish,
  ExchangeGroupsResponse,
  FoodDetail,
  FoodListResponse,
  MealSlotsResponse,
  Patient,
  PatientListResponse,
  Plan,
  PlanListResponse,
  PlanShareLink,
  SolveExchangesRequest,
  SolveExchangesResponse,
  SolveFormulaDayRequest,
  ProposeDayRequest,
  ProposeDayResponse,
  SolveFormulaDayResponse,
  UpdateMealSlotsRequest,
  UpdatePlanRequest,
} from '@almendra/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { authorizedFetch } from '../../foods';

export interface PlanListFilter {
  patientId?: string;
  template?: boolean;
  q?: string;
  page?: number;
}

function listPath(filter: PlanListFilter): string {
  const params = new URLSearchParams();
  if (filter.patientId) params.set('patientId', filter.patientId);
  if (filter.template !== undefined) params.set('template', String(filter.template));
  if (filter.q?.trim()) params.set('q', filter.q.trim());
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return `/plans${query ? `?${query}` : ''}`;
}

export const plansKeys = {
  all: ['plans'] as const,
  list: (filter: PlanListFilter) => ['plans', 'list', filter] as const,
  detail: (id: string) => ['plans', 'detail', id] as const,
  slots: ['plans', 'meal-slots'] as const,
  groups: (country: string, locale: string) => ['plans', 'exchange-groups', country, locale] as const,
};

export const plansApi = {
  list: (filter: PlanListFilter) => api.get<PlanListResponse>(listPath(filter)),
  get: (id: string) => api.get<Plan>(`/plans/${encodeURIComponent(id)}`),
  create: (body: CreatePlanRequest) => api.post<Plan>('/plans', body),
  update: (id: string, body: UpdatePlanRequest) => api.patch<Plan>(`/plans/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api.delete<void>(`/plans/${encodeURIComponent(id)}`),
  copy: (id: string, patientId: string | null) => api.post<Plan>(`/plans/${encodeURIComponent(id)}/copy`, { patientId }),
  publish: (id: string) => api.post<Plan>(`/plans/${encodeURIComponent(id)}/publish`),
  /** The patient sees it in her portal (the newest published plan is her "Mi plan"). */
  publishForPatient: (id: string) => api.post<Plan>(`/plans/${encodeURIComponent(id)}/publish-for-patient`),
  withdrawFromPatient: (id: string) => api.delete<Plan>(`/plans/${encodeURIComponent(id)}/publish-for-patient`),
  email: (id: string) => api.post<{ to: string }>(`/plans/${encodeURIComponent(id)}/email`, {}),
  shareLink: (id: string) => api.get<PlanShareLink>(`/plans/${encodeURIComponent(id)}/share-link`),
  /** The exchange solver's proposal for a day (issue 28); 422 INFEASIBLE says why when there is none. */
  solveExchanges: (body: SolveExchangesRequest) => api.post<SolveExchangesResponse>('/plans/solve/exchanges', body),
  solveFormulaDay: (body: SolveFormulaDayRequest) => api.post<SolveFormulaDayResponse>('/plans/solve/formula-day', body),
  proposeDay: (body: ProposeDayRequest) => api.post<ProposeDayResponse>('/plans/solve/propose-day', body),
  mealSlots: () => api.get<MealSlotsResponse>('/meal-slots'),
  saveMealSlots: (body: UpdateMealSlotsRequest) => api.put<MealSlotsResponse>('/meal-slots', body),
  exchangeGroups: (country: string, locale: string) =>
    api.get<ExchangeGroupsResponse>(`/exchange-groups?country=${encodeURIComponent(country)}&locale=${encodeURIComponent(locale)}`),
  searchFoods: (q: string, signal?: AbortSignal) => api.get<FoodListResponse>(`/foods?q=${encodeURIComponent(q)}&limit=40`, signal ? { signal } : {}),
  food: (id: string) => api.get<FoodDetail>(`/foods/${encodeURIComponent(id)}`),
  dish: (id: string) => api.get<Dish>(`/dishes/${encodeURIComponent(id)}`),
  searchPatients: (q: string) => api.get<PatientListResponse>(`/patients?q=${encodeURIComponent(q)}`),
  /** The plan's patient, for the WhatsApp number. */
  patient: (id: string) => api.get<Patient>(`/patients/${encodeURIComponent(id)}`),
  /** The PDF as a Blob (bearer + refresh through the shared fetch). */
  async pdf(id: string): Promise<Blob> {
    const response = await authorizedFetch(`/plans/${encodeURIComponent(id)}/pdf`);
    if (!response.ok) throw new Error(`PDF ${response.status}`);
    return response.blob();
  },
};

export const planQuery = (id: string) => queryOptions({ queryKey: plansKeys.detail(id), queryFn: () => plansApi.get(id) });
export const mealSlotsQuery = () => queryOptions({ queryKey: plansKeys.slots, queryFn: plansApi.mealSlots });
export const exchangeGroupsQuery = (country: string, locale: string) =>
  queryOptions({ queryKey: plansKeys.groups(country, locale), queryFn: () => plansApi.exchangeGroups(country, locale), staleTime: Infinity });
