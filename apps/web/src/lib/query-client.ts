// TanStack Query client: no retries for 4xx answers, and every failed call ends in the spec's error
// toast unless the query/mutation opts out with meta.silent (401s are handled by the redirect).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { showError } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

function shouldToast(error: unknown, silent: boolean | undefined): boolean {
  if (silent) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return !(isApiError(error) && error.status === 401 && error.code !== 'INVALID_CREDENTIALS');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldToast(error, query.meta?.silent)) showError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (shouldToast(error, mutation.meta?.silent)) showError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
