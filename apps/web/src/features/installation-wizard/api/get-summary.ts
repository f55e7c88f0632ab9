import { useQuery } from '@tanstack/react-query';
import { InstallationSummarySchema } from '@portal/domain/summary';
import { installationPartQueryOptions } from './installation-part';

/** Cached per installation; every save of the wizard and every check event marks it out of date. */
export const getSummaryQueryOptions = (id: number) => installationPartQueryOptions(id, 'summary', import.meta.env.DEV ? InstallationSummarySchema : undefined);

export function useSummary(id: number) {
  return useQuery(getSummaryQueryOptions(id));
}
