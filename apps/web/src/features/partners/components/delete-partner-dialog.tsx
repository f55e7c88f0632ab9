import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { Partner } from '@portal/domain/partner';
import { ConfirmDialog, confirmTexts } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api-error';
import { useDeletePartner } from '../api/delete-partner';
import { notify } from '@/lib/notify';
import { isOtherFleetRefusal } from '../lib/partner-errors';
import { confirmMutationProps } from '@/lib/confirm-mutation';
import type { Dialog } from '@/lib/use-dialog';

/**
 * Asks before deleting and says how many installations lose their partner (they are kept). The
 * dialog keeps its partner while it closes, so its text does not go blank during the transition.
 */
export function DeletePartnerDialog({ dialog: { item: partner, opened, close: onClose } }: { dialog: Dialog<Partner> }) {
  const { t } = useTranslation();
  const name = partner?.name ?? '';
  const count = partner?.installationCount ?? 0;
  const remove = confirmMutationProps(useDeletePartner(), partner?.id, {
    onClose,
    onDone: ({ unassigned }) => {
      const deleted = t('partners.deleted', { name });
      notify(t, { message: unassigned > 0 ? `${deleted} ${t('partners.unassigned', { count: unassigned })}` : deleted });
    },
    errorText: (error) => {
      if (isApiError(error) && error.status === 404) return t('partners.errors.notFound');
      if (isOtherFleetRefusal(error)) return t('partners.errors.otherFleet');
      if (isApiError(error) && error.status === 403) return t('partners.errors.noCompany');
      return t('partners.errors.deleteFailed');
    },
    // Gone meanwhile or not allowed: trying again cannot help, only a server failure is worth a retry.
    canRetry: (error) => !(isApiError(error) && error.status < 500 && !error.isNetworkError),
  });

  return (
    <ConfirmDialog
      opened={opened}
      {...confirmTexts(t, 'partners.deleteDialog', { name })}
      {...remove}
      testId="delete-partner-dialog"
      confirmTestId="partner-delete-confirm"
    >
      <Alert color={count > 0 ? 'orange' : 'gray'} variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="partner-unassign-note">
        {count > 0 ? t('partners.deleteDialog.unassign', { count }) : t('partners.deleteDialog.noInstallations')}
      </Alert>
    </ConfirmDialog>
  );
}
