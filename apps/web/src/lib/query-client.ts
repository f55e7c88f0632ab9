import { MutationCache, QueryCache, QueryClient, type Mutation, type Query } from '@tanstack/react-query';
import { isApiError, normalizeError } from './api-error';
import { showError } from './error-store';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorModal?: boolean };
    mutationMeta: { errorModal?: boolean };
  }
}

/**
 * Which failures deserve the global error modal. Screens handle the expected ones themselves:
 * 401 signs out, 403/404 show access denied or not found, 4xx of a form shows beside its fields.
 */
export function isUnexpectedError(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status >= 500;
}

function onQueryError(error: unknown, query: Query<unknown, unknown, unknown>) {
  if (query.meta?.errorModal === false) return;
  if (query.meta?.errorModal === true || isUnexpectedError(error)) showError(normalizeError(error));
}

function onMutationError(error: unknown, _variables: unknown, _context: unknown, mutation: Mutation<unknown, unknown, unknown>) {
  if (mutation.meta?.errorModal === false) return;
  if (mutation.meta?.errorModal === true || isUnexpectedError(error)) showError(normalizeError(error));
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    mutationCache: new MutationCache({ onError: onMutationError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        // Tablets switch apps a lot on site; refetching on every focus would flicker the forms.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
