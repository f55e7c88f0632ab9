import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstallationSchema, type Installation } from '@portal/domain/installation';
import type { SubmitInstallation } from '@portal/domain/summary';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, storeSavedInstallation, type WriteOptions } from './save-options';
import { installationKeys } from '@/lib/query-keys';

/** Completes the installation; a repeated submit answers the same completed installation. */
export function submitInstallation(id: number, body: SubmitInstallation, options: WriteOptions): Promise<Installation> {
  return apiRequest(`/api/installations/${id}/submit`, { method: 'POST', body, schema: import.meta.env.DEV ? InstallationSchema : undefined, headers: idempotencyHeaders(options) });
}

export function useSubmitInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, ...options }: { id: number; body: SubmitInstallation } & WriteOptions) => submitInstallation(id, body, options),
    onSuccess: (installation) => {
      storeSavedInstallation(queryClient, installation);
      // Everything cached about it (summary, checks) now belongs to a completed installation.
      void queryClient.invalidateQueries({ queryKey: installationKeys.detail(installation.id) });
      void queryClient.invalidateQueries({ queryKey: installationKeys.lists(installation.fleet) });
    },
    meta: { errorModal: false },
  });
}
