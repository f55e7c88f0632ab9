import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InstallationListItem } from '@portal/domain/installation';
import { isApiError } from '@/lib/api-error';
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
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!installation) return;
    remove.mutate(installation.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: t('solar.installations.delete.done', { name }),
          closeButtonProps: { 'aria-label': t('solar.installations.delete.closeNotification') },
        });
        remove.reset();
        onClose();
      },
    });
  };

  const { error } = remove;
  let errorText: string | null = null;
  if (isApiError(error) && error.code === 'INSTALLATION_COMPLETED') errorText = t('solar.installations.delete.completed');
  else if (isApiError(error) && error.status === 404) errorText = t('solar.installations.delete.notFound');
  else if (error) errorText = t('solar.installations.delete.failed');
  // Gone or completed meanwhile: trying again cannot help, only a server failure is worth a retry.
  const canRetry = !(isApiError(error) && error.status < 500);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('solar.installations.delete.title')}
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': t('solar.installations.delete.close') }}
      attributes={{ content: { 'data-testid': 'delete-installation-dialog' } }}
    >
      <Stack gap="lg">
        <Text>{t('solar.installations.delete.text', { name })}</Text>
        {errorText && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {errorText}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
            {t('solar.installations.delete.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={!canRetry}>
            {t('solar.installations.delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
