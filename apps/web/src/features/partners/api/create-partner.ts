import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PartnerSchema, type Partner, type PartnerInput } from '@portal/domain/partner';
import { apiRequest } from '@/lib/api-client';
import { partnerKeys } from '@/lib/query-keys';

/** 409 PARTNER_NAME_EXISTS / PARTNER_EMAIL_EXISTS when the name or email is taken in the company. */
export function createPartner(input: PartnerInput): Promise<Partner> {
  return apiRequest('/api/partners', { method: 'POST', body: input, schema: PartnerSchema });
}

export function useCreatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
  });
}
