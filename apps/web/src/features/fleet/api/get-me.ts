import { queryOptions, useQuery } from '@tanstack/react-query';
import { MeSchema, type Me } from '@portal/domain/fleet';
import { apiRequest } from '@/lib/api-client';
import { meKeys } from '@/lib/query-keys';

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  return apiRequest('/api/me', { schema: import.meta.env.DEV ? MeSchema : undefined, signal });
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
