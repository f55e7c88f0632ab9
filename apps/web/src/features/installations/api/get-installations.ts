import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationListSchema, type InstallationList } from '@portal/domain/installation';
import { installationListPath, type InstallationListParams } from '@portal/domain/installation-list';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

export function getInstallations(
  fleet: string,
  params: InstallationListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstallationList> {
  return apiRequest(installationListPath(fleet, params), { schema: InstallationListSchema, signal });
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
