import { useQuery } from '@tanstack/react-query';
import { HistoryListSchema } from '@portal/domain/history';
import { installationPartQueryOptions } from './installation-part';

/** Read anew each time the panel opens: every save adds to it. */
export const getHistoryQueryOptions = (id: number) => installationPartQueryOptions(id, 'history', import.meta.env.DEV ? HistoryListSchema : undefined, { staleTime: 0 });

export function useHistory(id: number, enabled: boolean) {
  return useQuery({ ...getHistoryQueryOptions(id), enabled });
}
