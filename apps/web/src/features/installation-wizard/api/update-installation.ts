import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstallationSchema, type Installation, type UpdateInstallation } from '@portal/domain/installation';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, storeSavedInstallation, type WriteOptions } from './save-options';

/** General and customer tabs of a draft; a stale `version` answers 409 VERSION_CONFLICT. */
export function updateInstallation(id: number, body: UpdateInstallation, options: WriteOptions): Promise<Installation> {
  return apiRequest(`/api/installations/${id}`, { method: 'PUT', body, schema: import.meta.env.DEV ? InstallationSchema : undefined, headers: idempotencyHeaders(options) });
}

export function useUpdateInstallation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, ...options }: { id: number; body: UpdateInstallation } & WriteOptions) => updateInstallation(id, body, options),
    onSuccess: (installation) => storeSavedInstallation(queryClient, installation),
    meta: { errorModal: false },
  });
}
