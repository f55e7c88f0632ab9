import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationListSchema, type InstallationList, type InstallationSort } from '@portal/domain/installation';
import { apiRequest } from '@/lib/api-client';

export type SortOrder = 'asc' | 'desc';

/** One page of a fleet's list as the screens ask for it; the server pages, sorts and searches. */
export type InstallationListParams = {
  page: number;
  pageSize: number;
  q: string;
  sort: InstallationSort;
  order: SortOrder;
  /** Only the installations the signed-in user created. */
  mine: boolean;
};

export function getInstallations(
  fleet: string,
  { page, pageSize, q, sort, order, mine }: InstallationListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstallationList> {
  const search = new URLSearchParams({ fleet, page: String(page), pageSize: String(pageSize), sort, order });
  const text = q.trim();
  if (text) search.set('q', text);
  if (mine) search.set('mine', 'true');
  return apiRequest(`/api/installations?${search.toString()}`, { schema: InstallationListSchema, signal });
}

export const getInstallationsQueryOptions = (fleet: string, params: InstallationListParams) =>
  queryOptions({
    queryKey: ['installations', fleet, params],
    queryFn: ({ signal }) => getInstallations(fleet, params, { signal }),
    // The next page or search keeps showing the current rows until it arrives: no empty flash.
    placeholderData: keepPreviousData,
  });

export function useInstallations(fleet: string, params: InstallationListParams) {
  return useQuery(getInstallationsQueryOptions(fleet, params));
}
