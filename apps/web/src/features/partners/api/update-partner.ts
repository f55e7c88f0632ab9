import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PartnerSchema, type Partner, type PartnerInput } from '@portal/domain/partner';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { partnerKeys } from '@/lib/query-keys';

export function updatePartner(id: number, input: PartnerInput): Promise<Partner> {
  return apiRequest(`/api/partners/${id}`, { method: 'PUT', body: input, schema: PartnerSchema });
}

export function useUpdatePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PartnerInput }) => updatePartner(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
    onError: (error) => {
      // Deleted meanwhile, maybe on another device: the list on screen is out of date.
      if (isApiError(error) && error.status === 404) void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}
