import { useTranslation } from '@/lib/i18n';
import type { InstallationListItem } from '@portal/domain/installation';
import { ConfirmDialog, confirmTexts } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-error';
import { confirmMutationProps } from '@/lib/confirm-mutation';
import { notify } from '@/lib/notify';
import { useDeleteInstallation } from '../api/delete-installation';

type DeleteInstallationDialogProps = {
  fleet: string;
  /** Kept while the dialog closes, so its text does not go blank during the transition. */
  installation: InstallationListItem | null;
  opened: boolean;
  onClose: () => void;
};

export function DeleteInstallationDialog({ fleet, installation, opened, onClose }: DeleteInstallationDialogProps) {
  const { t } = useTranslation();
  const name = installation?.name ?? '';
  const remove = confirmMutationProps(useDeleteInstallation(fleet), installation?.id, {
    onClose,
    onDone: () => notify(t, { message: t('solar.installations.delete.done', { name }) }),
    errorText: (error) => {
      if (isApiError(error) && error.code === 'INSTALLATION_COMPLETED') return t('solar.installations.delete.completed');
      if (isApiError(error) && error.status === 404) return t('solar.installations.delete.notFound');
      return t('solar.installations.delete.failed');
    },
    // Gone or completed meanwhile: trying again cannot help, only a server failure is worth a retry.
    canRetry: (error) => !(isApiError(error) && error.status < 500),
  });

  return <ConfirmDialog opened={opened} {...confirmTexts(t, 'solar.installations.delete', { name })} {...remove} testId="delete-installation-dialog" />;
}
