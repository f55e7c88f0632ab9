import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OperatorCompanySchema, type CompanyInput, type OperatorCompany } from '@portal/domain/operator';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from '@/lib/query-keys';

/** Creates an installer company (id null) or changes one; 409 COMPANY_EXISTS names the taken field. */
export function saveCompany({ id, input }: { id: number | null; input: CompanyInput }): Promise<OperatorCompany> {
  return id === null
    ? apiRequest('/api/operator/companies', { method: 'POST', body: input, schema: OperatorCompanySchema })
    : apiRequest(`/api/operator/companies/${id}`, { method: 'PUT', body: input, schema: OperatorCompanySchema });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCompany, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}
