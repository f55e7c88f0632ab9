import { useQuery } from '@tanstack/react-query';
import { InstallationListSchema, type InstallationList } from '@portal/domain/installation';
import { installationListPath, type InstallationListParams } from '@portal/domain/installation-list';
import { apiRequest } from '@/lib/api-client';
import { pageQueryOptions } from '@/lib/page-query';
import { installationKeys } from '@/lib/query-keys';

export function getInstallations(
  fleet: string,
  params: InstallationListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InstallationList> {
  return apiRequest(installationListPath(fleet, params), { schema: import.meta.env.DEV ? InstallationListSchema : undefined, signal });
}

export const getInstallationsQueryOptions = (fleet: string, params: InstallationListParams) =>
  pageQueryOptions(installationKeys.list(fleet, params), ({ signal }) => getInstallations(fleet, params, { signal }));

export function useInstallations(fleet: string, params: InstallationListParams) {
  return useQuery(getInstallationsQueryOptions(fleet, params));
}
