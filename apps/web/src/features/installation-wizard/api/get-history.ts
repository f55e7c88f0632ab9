import { queryOptions, useQuery } from '@tanstack/react-query';
import { HistoryListSchema, type HistoryEntry } from '@portal/domain/history';
import { apiRequest } from '@/lib/api-client';
import { installationKeys } from '@/lib/query-keys';

export function getHistory(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<HistoryEntry[]> {
  return apiRequest(`/api/installations/${id}/history`, { schema: HistoryListSchema, signal });
}

/** Read anew each time the panel opens: every save adds to it. */
export const getHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: installationKeys.history(id),
    queryFn: ({ signal }) => getHistory(id, { signal }),
    staleTime: 0,
  });

export function useHistory(id: number, enabled: boolean) {
  return useQuery({ ...getHistoryQueryOptions(id), enabled });
}
