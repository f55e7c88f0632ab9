import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { installationKeys } from '@/lib/query-keys';

/** Deletes a draft; a completed installation answers 409 INSTALLATION_COMPLETED. */
export function deleteInstallation(id: number): Promise<void> {
  return apiRequest<void>(`/api/installations/${id}`, { method: 'DELETE' });
}

export function useDeleteInstallation(fleet: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteInstallation(id),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: installationKeys.detail(id), exact: true });
      // Returning the promise keeps the dialog busy until the lists no longer show the row.
      return queryClient.invalidateQueries({ queryKey: installationKeys.lists(fleet) });
    },
    onError: (error) => {
      // Already gone or completed meanwhile: the list on screen is out of date.
      if (isApiError(error) && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: installationKeys.lists(fleet) });
      }
    },
  });
}
