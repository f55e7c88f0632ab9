import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Installation } from '@portal/domain/installation';
import { isApiError, normalizeError } from '@/lib/api-error';
import { installationKeys } from '@/lib/query-keys';
import { getInstallationQueryOptions } from '../api/get-installation';
import { useUpdateInstallation } from '../api/update-installation';
import { newIdempotencyKey } from '../lib/form-values';
import { notifyInternalError } from '../lib/notify';
import { useWizardStore } from '../stores/wizard-store';

/**
 * Stores whether the installer went on despite a failed check. The flag carries nothing anyone else
 * edits, so a version conflict is settled by reading the current version and sending it again.
 */
export function useSaveProceedFlag(installation: Installation) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateInstallation();
  const showSaveError = useWizardStore((state) => state.showSaveError);
  const [isSaving, setSaving] = useState(false);
  const { id, version } = installation;

  /** Going on (with the installer's reason) or no longer: the reason goes with the flag. */
  const save = useCallback(
    async (proceeded: boolean, reason?: string): Promise<boolean> => {
      setSaving(true);
      try {
        let current = version;
        for (let attempt = 0; ; attempt++) {
          try {
            const body = proceeded ? { version: current, proceededWithFailedChecks: true, failedChecksReason: reason } : { version: current, proceededWithFailedChecks: false };
            await update.mutateAsync({ id, body, idempotencyKey: newIdempotencyKey() });
            return true;
          } catch (error) {
            if (isApiError(error) && error.code === 'VERSION_CONFLICT' && attempt === 0) {
              current = (await queryClient.fetchQuery({ ...getInstallationQueryOptions(id), staleTime: 0 })).version;
              continue;
            }
            if (isApiError(error) && error.code === 'INSTALLATION_COMPLETED') {
              // Submitted meanwhile (another device): it opens read-only.
              void queryClient.invalidateQueries({ queryKey: installationKeys.detail(id) });
            } else if (!isApiError(error) || error.status >= 500 || error.isNetworkError) {
              showSaveError(normalizeError(error));
            } else {
              notifyInternalError(t);
            }
            return false;
          }
        }
      } catch (error) {
        showSaveError(normalizeError(error));
        return false;
      } finally {
        setSaving(false);
      }
    },
    [id, version, update, queryClient, showSaveError, t],
  );

  return { save, isSaving };
}
