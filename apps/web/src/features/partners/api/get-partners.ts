import { queryOptions, useQuery } from '@tanstack/react-query';
import { PartnerListSchema, type Partner } from '@portal/domain/partner';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from '@/lib/query-keys';

/** The partners of the signed-in installer's company; a user without a company gets none. */
export function getPartners({ signal }: { signal?: AbortSignal } = {}): Promise<Partner[]> {
  return apiRequest('/api/partners', { schema: PartnerListSchema, signal });
}

export const getPartnersQueryOptions = () =>
  queryOptions({
    queryKey: partnerKeys.all,
    queryFn: ({ signal }) => getPartners({ signal }),
  });

export function usePartners() {
  return useQuery(getPartnersQueryOptions());
}
