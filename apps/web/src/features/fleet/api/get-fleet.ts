import { queryOptions, useQuery } from '@tanstack/react-query';
import { FleetSchema, type Fleet } from '@portal/domain/fleet';
import { apiRequest } from '@/lib/api-client';
import { fleetKeys } from '@/lib/query-keys';

export function getFleet(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<Fleet> {
  return apiRequest(`/api/fleets/${encodeURIComponent(slug)}`, { schema: import.meta.env.DEV ? FleetSchema : undefined, signal });
}

export const getFleetQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: fleetKeys.detail(slug),
    queryFn: ({ signal }) => getFleet(slug, { signal }),
    staleTime: 5 * 60_000,
  });

export function useFleet(slug: string) {
  return useQuery(getFleetQueryOptions(slug));
}
