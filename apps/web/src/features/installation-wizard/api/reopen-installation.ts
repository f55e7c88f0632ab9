import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstallationSchema, type Installation } from '@portal/domain/installation';
import type { ReopenInstallation } from '@portal/domain/history';
import { apiRequest } from '@/lib/api-client';
import { storeSavedInstallation } from './save-options';
import { installationKeys } from '@/lib/query-keys';

/** A fleet admin takes a completed installation back to draft, with a reason. */
export function reopenInstallation(id: number, body: ReopenInstallation): Promise<Installation> {
  return apiRequest(`/api/installations/${id}/reopen`, { method: 'POST', body, schema: import.meta.env.DEV ? InstallationSchema : undefined });
}

export function useReopenInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReopenInstallation }) => reopenInstallation(id, body),
    onSuccess: (installation) => {
      storeSavedInstallation(queryClient, installation);
      void queryClient.invalidateQueries({ queryKey: installationKeys.detail(installation.id) });
      void queryClient.invalidateQueries({ queryKey: installationKeys.lists(installation.fleet) });
    },
    meta: { errorModal: false },
  });
}
