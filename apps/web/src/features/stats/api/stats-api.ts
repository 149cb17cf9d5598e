// Calls of the statistics screen (GET /statistics?year=&month=).
import type { Statistics } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export const statsKeys = {
  month: (year: number, month: number) => ['statistics', year, month] as const,
};

export const statsApi = {
  month: (year: number, month: number, signal?: AbortSignal) => api.get<Statistics>(`/statistics?year=${year}&month=${month}`, { signal }),
};
