import { queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationSummarySchema, type InstallationSummary } from '@portal/domain/summary';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

export function getSummary(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<InstallationSummary> {
  return apiRequest(`/api/installations/${id}/summary`, { schema: InstallationSummarySchema, signal });
}

/** Cached per installation; every save of the wizard and every check event marks it out of date. */
export const getSummaryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: installationKeys.summary(id),
    queryFn: ({ signal }) => getSummary(id, { signal }),
  });

export function useSummary(id: number) {
  return useQuery(getSummaryQueryOptions(id));
}
