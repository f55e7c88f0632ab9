import { queryOptions, useQuery } from '@tanstack/react-query';
import { PartnerListSchema } from '@portal/domain/partner';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from '@/lib/query-keys';

/** The company's partners an installation can be assigned to (same query key as the partners screen). */
export const getPartnerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: partnerKeys.all,
    queryFn: ({ signal }) => apiRequest('/api/partners', { schema: PartnerListSchema, signal }),
    staleTime: 60_000,
  });

export function usePartnerOptions() {
  return useQuery({ ...getPartnerOptionsQueryOptions(), meta: { errorModal: false } });
}
