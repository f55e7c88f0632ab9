import { queryOptions } from '@tanstack/react-query';
import { PartnerListSchema, type Partner } from '@portal/domain/partner';
import { apiRequest } from './api-client';
import { partnerKeys } from './query-keys';

/**
 * The partners of the signed-in installer's company (a user without a company gets none): one query
 * for the partners screen and the wizard's partner choice, so a change on one shows on the other.
 */
export function getPartners({ signal }: { signal?: AbortSignal } = {}): Promise<Partner[]> {
  return apiRequest('/api/partners', { schema: import.meta.env.DEV ? PartnerListSchema : undefined, signal });
}

export const getPartnersQueryOptions = () =>
  queryOptions({
    queryKey: partnerKeys.all,
    queryFn: ({ signal }) => getPartners({ signal }),
  });
