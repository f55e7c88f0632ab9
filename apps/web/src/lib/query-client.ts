import { MutationCache, QueryCache, QueryClient, onlineManager, type Mutation, type Query } from '@tanstack/react-query';
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

/**
 * A read that got no answer at all is never an error to confirm: the screen keeps what the device
 * holds (or says it needs the connection), and the read goes again once the network is back.
 */
const isNoAnswer = (error: unknown) => isApiError(error) && error.isNetworkError;

function onQueryError(error: unknown, query: Query<unknown, unknown, unknown>) {
  if (query.meta?.errorModal === false || isNoAnswer(error)) return;
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

/**
 * TanStack Query takes the network for up until the first 'offline' event: a page opened without a
 * network would send every read, fail, and show an error over the device's copy. It starts from
 * what the browser knows instead, so reads wait (paused) offline and go by themselves once online.
 */
export function followBrowserConnection(): void {
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine !== false);
}

export function createQueryClient(): QueryClient {
  followBrowserConnection();
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
      // Writes say themselves what became of them offline (the wizard queues its saves): never paused.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();
