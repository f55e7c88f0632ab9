import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeletePartnerResultSchema, type DeletePartnerResult } from '@portal/domain/partner';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { partnerKeys } from '@/lib/query-keys';

/** Deletes a partner; its installations stay and lose the partner (`unassigned` says how many). */
export function deletePartner(id: number): Promise<DeletePartnerResult> {
  return apiRequest(`/api/partners/${id}`, { method: 'DELETE', schema: DeletePartnerResultSchema });
}

export function useDeletePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
    onError: (error) => {
      if (isApiError(error) && error.status === 404) void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
    },
  });
}
