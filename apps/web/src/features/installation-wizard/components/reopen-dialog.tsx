import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { Installation } from '@portal/domain/installation';
import { isApiError } from '@/lib/api-error';
import { useReopenInstallation } from '../api/reopen-installation';
import { notify } from '@/lib/notify';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';

type ReopenDialogProps = { installation: Installation; opened: boolean; onClose: () => void; onReopened: (installation: Installation) => void };

/** A fleet admin reopens a completed installation; the reason goes into its history. */
export function ReopenDialog({ installation, opened, onClose, onReopened }: ReopenDialogProps) {
  const { t } = useTranslation();
  const reopen = useReopenInstallation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onConfirm = async () => {
    if (!reason.trim()) {
      setError(t('reopen.reasonRequired'));
      return;
    }
    try {
      const reopened = await reopen.mutateAsync({ id: installation.id, body: { version: installation.version, reason: reason.trim() } });
      notify(t, { message: t('reopen.done') });
      setReason('');
      onReopened(reopened);
    } catch (cause) {
      setError(isApiError(cause) && cause.code === 'VERSION_CONFLICT' ? t('wizard.conflict.text') : t('reopen.failed'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('reopen.title')} closeButtonProps={{ 'aria-label': t('reopen.close') }} data-testid="reopen-dialog">
      <Stack gap="md">
        <Text>{t('reopen.text')}</Text>
        <Textarea
          label={t('reopen.reason')}
          required
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          maxLength={1000}
          rows={3}
          error={error}
          data-autofocus
          data-testid="reopen-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reopen.cancel')}
          </Button>
          <Button color={WARNING_TEXT_COLOR} onClick={() => void onConfirm()} loading={reopen.isPending} data-testid="reopen-confirm">
            {t('reopen.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
