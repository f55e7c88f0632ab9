import { queryOptions, useQuery } from '@tanstack/react-query';
import { OperatorCompanyListSchema, type OperatorCompany } from '@portal/domain/operator';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from '@/lib/query-keys';

/** Every installer company with its members. */
export function getOperatorCompanies({ signal }: { signal?: AbortSignal } = {}): Promise<OperatorCompany[]> {
  return apiRequest('/api/operator/companies', { schema: OperatorCompanyListSchema, signal });
}

export const getOperatorCompaniesQueryOptions = () =>
  queryOptions({ queryKey: operatorKeys.companies, queryFn: ({ signal }) => getOperatorCompanies({ signal }) });

export function useOperatorCompanies() {
  return useQuery(getOperatorCompaniesQueryOptions());
}
