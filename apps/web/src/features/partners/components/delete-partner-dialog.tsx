import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Partner } from '@portal/domain/partner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-error';
import { useDeletePartner } from '../api/delete-partner';
import { notify } from '@/lib/notify';
import type { Dialog } from '@/lib/use-dialog';

/**
 * Asks before deleting and says how many installations lose their partner (they are kept). The
 * dialog keeps its partner while it closes, so its text does not go blank during the transition.
 */
export function DeletePartnerDialog({ dialog: { item: partner, opened, close: onClose } }: { dialog: Dialog<Partner> }) {
  const { t } = useTranslation();
  const remove = useDeletePartner();
  const name = partner?.name ?? '';
  const count = partner?.installationCount ?? 0;

  const close = () => {
    remove.reset();
    onClose();
  };

  const confirm = () => {
    if (!partner) return;
    remove.mutate(partner.id, {
      onSuccess: ({ unassigned }) => {
        const deleted = t('partners.deleted', { name });
        notify(t, { message: unassigned > 0 ? `${deleted} ${t('partners.unassigned', { count: unassigned })}` : deleted });
        close();
      },
    });
  };

  const { error } = remove;
  let errorText: string | null = null;
  if (isApiError(error) && error.status === 404) errorText = t('partners.errors.notFound');
  else if (isApiError(error) && error.status === 403) errorText = t('partners.errors.noCompany');
  else if (error) errorText = t('partners.errors.deleteFailed');

  return (
    <ConfirmDialog
      opened={opened}
      title={t('partners.deleteDialog.title')}
      text={t('partners.deleteDialog.text', { name })}
      confirmLabel={t('partners.deleteDialog.confirm')}
      cancelLabel={t('partners.deleteDialog.cancel')}
      closeLabel={t('partners.deleteDialog.close')}
      errorText={errorText}
      isPending={remove.isPending}
      // Gone meanwhile or not allowed: trying again cannot help, only a server failure is worth a retry.
      canConfirm={!(isApiError(error) && error.status < 500 && !error.isNetworkError)}
      onConfirm={confirm}
      onClose={close}
      testId="delete-partner-dialog"
      confirmTestId="partner-delete-confirm"
    >
      <Alert color={count > 0 ? 'orange' : 'gray'} variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="partner-unassign-note">
        {count > 0 ? t('partners.deleteDialog.unassign', { count }) : t('partners.deleteDialog.noInstallations')}
      </Alert>
    </ConfirmDialog>
  );
}
