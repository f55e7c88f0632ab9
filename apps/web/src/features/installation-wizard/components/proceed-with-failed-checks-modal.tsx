import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';

type ProceedModalProps = {
  opened: boolean;
  isSaving: boolean;
  onProceed: () => void;
  onCancel: () => void;
};

/** SPEC §2: with a failed check, Next asks before moving on to the summary. */
export function ProceedWithFailedChecksModal({ opened, isSaving, onProceed, onCancel }: ProceedModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': t('wizard.digitalCheck.proceed.close') }}
      title={
        <Group gap="sm" wrap="nowrap">
          <IconAlertTriangle color={WARNING_TEXT_COLOR} aria-hidden />
          <Text fw={700} size="lg">
            {t('wizard.digitalCheck.proceed.title')}
          </Text>
        </Group>
      }
      attributes={{ content: { 'data-testid': 'proceed-modal' } }}
    >
      <Stack gap="lg">
        <Text>{t('wizard.digitalCheck.proceed.text')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSaving} data-testid="proceed-cancel" data-autofocus>
            {t('wizard.digitalCheck.proceed.cancel')}
          </Button>
          <Button color={WARNING_TEXT_COLOR} onClick={onProceed} loading={isSaving} data-testid="proceed-confirm">
            {t('wizard.digitalCheck.proceed.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
