import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstallationSchema, type Installation } from '@portal/domain/installation';
import type { InstallationSetup } from '@portal/domain/setup';
import { apiRequest } from '@/lib/api-client';
import { idempotencyHeaders, storeSavedInstallation, type WriteOptions } from './save-options';

/** Every controller at once; 400 details name `{index, field, message}` (index -1: the whole system). */
export function saveSetup(id: number, body: InstallationSetup, options: WriteOptions): Promise<Installation> {
  return apiRequest(`/api/installations/${id}/setup`, { method: 'PUT', body, schema: InstallationSchema, headers: idempotencyHeaders(options) });
}

export function useSaveSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, ...options }: { id: number; body: InstallationSetup } & WriteOptions) => saveSetup(id, body, options),
    onSuccess: (installation) => storeSavedInstallation(queryClient, installation),
    meta: { errorModal: false },
  });
}
