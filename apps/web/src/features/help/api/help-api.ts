// News and FAQ calls for nutritionists. The unseen-news count feeds the topbar badge; marking items seen
// updates it in the cache at once.
import { queryOptions } from '@tanstack/react-query';
import type { Faq, NewsList, UnseenNewsCount } from '@almendra/contracts';
import { api } from '../../../lib/api-client';

export const UNSEEN_NEWS_REFRESH_MS = 60_000;

export const newsKeys = {
  all: ['news'] as const,
  list: ['news', 'list'] as const,
  unseen: ['news', 'unseen-count'] as const,
};

export function unseenNewsQuery() {
  return queryOptions({
    queryKey: newsKeys.unseen,
    queryFn: ({ signal }) => api.get<UnseenNewsCount>('/news/unseen-count', { signal }),
    refetchInterval: UNSEEN_NEWS_REFRESH_MS,
    // A failing badge must not interrupt with toasts every minute.
    meta: { silent: true },
  });
}

export function newsListQuery() {
  return queryOptions({ queryKey: newsKeys.list, queryFn: ({ signal }) => api.get<NewsList>('/news', { signal }) });
}

export function faqQuery(q: string) {
  return queryOptions({
    queryKey: ['faq', q] as const,
    queryFn: ({ signal }) => api.get<Faq>(`/faq${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal }),
  });
}

export const newsApi = {
  /** All items (opening /novedades) or the given ones; answers the remaining unseen count. */
  markSeen: (ids?: string[]) => api.post<UnseenNewsCount>('/news/seen', ids ? { ids } : {}),
};
