import { queryOptions, useQuery } from '@tanstack/react-query';
import { SystemCheckRunSchema, type SystemCheckRun } from '@portal/domain/system-check';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

/** The latest check run; the server starts one on the first read. */
export function getSystemChecks(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<SystemCheckRun> {
  return apiRequest(`/api/installations/${id}/systemChecks`, { schema: SystemCheckRunSchema, signal });
}

export const getSystemChecksQueryOptions = (id: number) =>
  queryOptions({
    queryKey: installationKeys.systemChecks(id),
    queryFn: ({ signal }) => getSystemChecks(id, { signal }),
    // Read once per installation: from then on the event stream keeps the cached run up to date.
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });

export function useSystemChecks(id: number) {
  return useQuery(getSystemChecksQueryOptions(id));
}
