import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthConfigSchema, type AuthConfig } from '@portal/domain/auth';
import { apiRequest } from '@/lib/api-client';

export function getAuthConfig(): Promise<AuthConfig> {
  return apiRequest('/config.auth.json', { schema: AuthConfigSchema, auth: false });
}

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
