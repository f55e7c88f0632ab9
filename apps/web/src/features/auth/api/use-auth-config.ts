import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAuthConfig } from './get-auth-config';

// Kept apart from get-auth-config.ts: the login page asks without the query library.
export const getAuthConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'auth'],
    queryFn: getAuthConfig,
    staleTime: Infinity,
    // The login page falls back to the email form; a missing config is not worth a modal.
    meta: { errorModal: false },
  });

export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
