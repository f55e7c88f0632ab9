import { useQuery } from '@tanstack/react-query';
import { RegistryListSchema, type RegistryList } from '@portal/domain/registry';
import { apiRequest } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/page-query';
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
  pageQueryOptions(adminKeys.systemsPage(fleet, params), ({ signal }) => getRegistry(fleet, params, { signal }));

export function useRegistry(fleet: string, params: RegistryParams) {
  return useQuery(getRegistryQueryOptions(fleet, params));
}
