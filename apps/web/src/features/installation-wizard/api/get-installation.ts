import { queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationSchema, type Installation } from '@portal/domain/installation';
import { installationDetailPath } from '@portal/domain/installation-list';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

export function getInstallation(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Installation> {
  return apiRequest(installationDetailPath(id), { schema: import.meta.env.DEV ? InstallationSchema : undefined, signal });
}

export const getInstallationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: installationKeys.detail(id),
    queryFn: ({ signal }) => getInstallation(id, { signal }),
    // 404 means 'installation not found' on the screen, not an error modal.
    meta: { errorModal: false },
  });

export function useInstallation(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInstallationQueryOptions(id), enabled });
}
