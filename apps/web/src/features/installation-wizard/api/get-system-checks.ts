import { useQuery } from '@tanstack/react-query';
import { SystemCheckRunSchema } from '@portal/domain/system-check';
import { installationPartQueryOptions } from './installation-part';

/**
 * The latest check run; the server starts one on the first read. Read once per installation: from
 * then on the event stream keeps the cached run up to date.
 */
export const getSystemChecksQueryOptions = (id: number) =>
  installationPartQueryOptions(id, 'systemChecks', import.meta.env.DEV ? SystemCheckRunSchema : undefined, { staleTime: Infinity, gcTime: 30 * 60_000 });

export function useSystemChecks(id: number) {
  return useQuery(getSystemChecksQueryOptions(id));
}
