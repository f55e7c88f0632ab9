import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SystemCheckRunSchema, type SystemCheckRun } from '@portal/domain/system-check';
import { apiRequest } from '@/lib/api-client';
import { mergeRun } from '../lib/check-run';
import { installationKeys } from '@/lib/query-keys';

/** A new run, every check pending again. 409 INSTALLATION_COMPLETED once the installation is submitted. */
export function restartSystemChecks(id: number): Promise<SystemCheckRun> {
  return apiRequest(`/api/installations/${id}/systemChecks/restart`, { method: 'POST', schema: import.meta.env.DEV ? SystemCheckRunSchema : undefined });
}

export function useRestartSystemChecks(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restartSystemChecks(id),
    // The stream may have delivered the new run (and first results) before this answer.
    onSuccess: (run) => queryClient.setQueryData<SystemCheckRun>(installationKeys.systemChecks(id), (current) => mergeRun(current, run)),
    meta: { errorModal: false },
  });
}
