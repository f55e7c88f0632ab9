import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { RegistryListSchema, type RegistryList } from '@portal/domain/registry';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys';

export type { RegistryList, RegistryListItem as RegistrySystem } from '@portal/domain/registry';

export type RegistryParams = { page: number; pageSize: number; q: string };

/** One page of the fleet's product registry, searched by serial number on the server. */
export function getRegistry(fleet: string, { page, pageSize, q }: RegistryParams, { signal }: { signal?: AbortSignal } = {}): Promise<RegistryList> {
  const search = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q.trim()) search.set('q', q.trim());
  return apiRequest(`/api/admin/${encodeURIComponent(fleet)}/systems?${search.toString()}`, { schema: RegistryListSchema, signal });
}

export const getRegistryQueryOptions = (fleet: string, params: RegistryParams) =>
  queryOptions({
    queryKey: adminKeys.systemsPage(fleet, params),
    queryFn: ({ signal }) => getRegistry(fleet, params, { signal }),
    // The next page or search keeps the current rows on screen until it arrives.
    placeholderData: keepPreviousData,
  });

export function useRegistry(fleet: string, params: RegistryParams) {
  return useQuery(getRegistryQueryOptions(fleet, params));
}
