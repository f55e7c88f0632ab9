import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OperatorCompanySchema, type AddCompanyMember, type OperatorCompany } from '@portal/domain/operator';
import { apiRequest } from '@/lib/api-client';
import { operatorKeys } from '@/lib/query-keys';

/** Puts a person (an account is made for a new address) into an installer company. */
export function addCompanyMember({ companyId, input }: { companyId: number; input: AddCompanyMember }): Promise<OperatorCompany> {
  return apiRequest(`/api/operator/companies/${companyId}/members`, { method: 'POST', body: input, schema: OperatorCompanySchema });
}

export function useAddCompanyMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCompanyMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.all }) });
}
