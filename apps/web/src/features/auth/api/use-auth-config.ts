import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAuthConfig } from './get-auth-config';
import { configKeys } from '@/lib/query-keys';

// Kept apart from get-auth-config.ts: the login page asks without the query library.
export const getAuthConfigQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.auth,
    queryFn: getAuthConfig,
    staleTime: Infinity,
    // The login page falls back to the email form; a missing config is not worth a modal.
    meta: { errorModal: false },
  });

export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
