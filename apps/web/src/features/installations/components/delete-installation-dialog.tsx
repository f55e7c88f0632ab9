import { useTranslation } from 'react-i18next';
import type { InstallationListItem } from '@portal/domain/installation';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-error';
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
  const remove = useDeleteInstallation(fleet);
  const name = installation?.name ?? '';

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!installation) return;
    remove.mutate(installation.id, {
      onSuccess: () => {
        notify(t, { message: t('solar.installations.delete.done', { name }) });
        close();
      },
    });
  };

  const { error } = remove;
  let errorText: string | null = null;
  if (isApiError(error) && error.code === 'INSTALLATION_COMPLETED') errorText = t('solar.installations.delete.completed');
  else if (isApiError(error) && error.status === 404) errorText = t('solar.installations.delete.notFound');
  else if (error) errorText = t('solar.installations.delete.failed');

  return (
    <ConfirmDialog
      opened={opened}
      title={t('solar.installations.delete.title')}
      text={t('solar.installations.delete.text', { name })}
      confirmLabel={t('solar.installations.delete.confirm')}
      cancelLabel={t('solar.installations.delete.cancel')}
      closeLabel={t('solar.installations.delete.close')}
      errorText={errorText}
      isPending={remove.isPending}
      // Gone or completed meanwhile: trying again cannot help, only a server failure is worth a retry.
      canConfirm={!(isApiError(error) && error.status < 500)}
      onConfirm={confirm}
      onClose={close}
      testId="delete-installation-dialog"
    />
  );
}
