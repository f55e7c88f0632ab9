import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationListSchema, type InstallationList, type InstallationSort, type InstallationStatus } from '@portal/domain/installation';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

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
  /** '' for every status. */
  status: '' | InstallationStatus;
  /** Start dates from and to (YYYY-MM-DD, both included); '' for open. */
  from: string;
  to: string;
  /** Only installations submitted with failed checks. */
  failedChecks: boolean;
};

/** The search and filters as the list and its exports send them. */
export function listFilterQuery(fleet: string, { q, mine, status, from, to, failedChecks }: InstallationListParams): URLSearchParams {
  const search = new URLSearchParams({ fleet });
  const text = q.trim();
  if (text) search.set('q', text);
  if (mine) search.set('mine', 'true');
  if (status) search.set('status', status);
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  if (failedChecks) search.set('failedChecks', 'true');
  return search;
}

export function getInstallations(
  fleet: string,
  params: InstallationListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstallationList> {
  const { page, pageSize, sort, order } = params;
  const search = listFilterQuery(fleet, params);
  for (const [key, value] of Object.entries({ page: String(page), pageSize: String(pageSize), sort, order })) search.set(key, value);
  return apiRequest(`/api/installations?${search.toString()}`, { schema: InstallationListSchema, signal });
}

export const getInstallationsQueryOptions = (fleet: string, params: InstallationListParams) =>
  queryOptions({
    queryKey: installationKeys.list(fleet, params),
    queryFn: ({ signal }) => getInstallations(fleet, params, { signal }),
    // The next page or search keeps showing the current rows until it arrives: no empty flash.
    placeholderData: keepPreviousData,
  });

export function useInstallations(fleet: string, params: InstallationListParams) {
  return useQuery(getInstallationsQueryOptions(fleet, params));
}
