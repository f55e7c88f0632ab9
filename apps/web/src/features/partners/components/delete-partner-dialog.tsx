import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Partner } from '@portal/domain/partner';
import { isApiError } from '@/lib/api-error';
import { useDeletePartner } from '../api/delete-partner';
import { notifySuccess } from '../lib/notify';

type DeletePartnerDialogProps = {
  /** Kept while the dialog closes, so its text does not go blank during the transition. */
  partner: Partner | null;
  opened: boolean;
  onClose: () => void;
};

/** Asks before deleting and says how many installations lose their partner (they are kept). */
export function DeletePartnerDialog({ partner, opened, onClose }: DeletePartnerDialogProps) {
  const { t } = useTranslation();
  const remove = useDeletePartner();
  const name = partner?.name ?? '';
  const count = partner?.installationCount ?? 0;

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!partner) return;
    remove.mutate(partner.id, {
      onSuccess: ({ unassigned }) => {
        const deleted = t('partners.deleted', { name });
        notifySuccess(t, unassigned > 0 ? `${deleted} ${t('partners.unassigned', { count: unassigned })}` : deleted);
        remove.reset();
        onClose();
      },
    });
  };

  const { error } = remove;
  let errorText: string | null = null;
  if (isApiError(error) && error.status === 404) errorText = t('partners.errors.notFound');
  else if (isApiError(error) && error.status === 403) errorText = t('partners.errors.noCompany');
  else if (error) errorText = t('partners.errors.deleteFailed');
  // Gone meanwhile or not allowed: trying again cannot help, only a server failure is worth a retry.
  const canRetry = !(isApiError(error) && error.status < 500 && !error.isNetworkError);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('partners.deleteDialog.title')}
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': t('partners.deleteDialog.close') }}
      attributes={{ content: { 'data-testid': 'delete-partner-dialog' } }}
    >
      <Stack gap="lg">
        <Text>{t('partners.deleteDialog.text', { name })}</Text>
        <Alert color={count > 0 ? 'orange' : 'gray'} variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="partner-unassign-note">
          {count > 0 ? t('partners.deleteDialog.unassign', { count }) : t('partners.deleteDialog.noInstallations')}
        </Alert>
        {errorText && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {errorText}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
            {t('partners.deleteDialog.cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending} disabled={!canRetry} data-testid="partner-delete-confirm">
            {t('partners.deleteDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
