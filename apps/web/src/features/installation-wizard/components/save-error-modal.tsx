import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { useWizardStore } from '../stores/wizard-store';

/** SPEC §8 'Error saving data': the server failed on a save; the entries stay on the form. */
export function SaveErrorModal() {
  const { t } = useTranslation();
  const error = useWizardStore((state) => state.saveError);
  const clear = useWizardStore((state) => state.clearSaveError);
  return (
    <Modal
      opened={error !== null}
      onClose={clear}
      title={t('errors.savingData.title')}
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': t('errors.savingData.close') }}
      attributes={{ content: { 'data-testid': 'save-error' } }}
    >
      <Stack gap="md">
        <Text>{t('errors.savingData.text')}</Text>
        {error && (
          <Text size="sm" c="dimmed">
            {t('errors.modal.status')} {error.status} · {t('errors.modal.code')} {error.code}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={clear} data-autofocus>
            {t('errors.modal.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
