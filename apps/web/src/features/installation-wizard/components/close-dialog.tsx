import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

type CloseDialogProps = {
  opened: boolean;
  isSaving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
};

/** Closing with unsaved changes: Save / Don't save / Cancel. */
export function CloseDialog({ opened, isSaving, onSave, onDiscard, onCancel }: CloseDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('wizard.closeDialog.title')}
      centered
      size="lg"
      closeButtonProps={{ size: 'xl', 'aria-label': t('wizard.closeDialog.close') }}
      attributes={{ content: { 'data-testid': 'close-dialog' } }}
    >
      <Stack gap="lg">
        <Text>{t('wizard.closeDialog.text')}</Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Button variant="subtle" color="dark" onClick={onCancel} disabled={isSaving} px="xs">
            {t('wizard.closeDialog.cancel')}
          </Button>
          <Button variant="default" onClick={onDiscard} disabled={isSaving}>
            {t('wizard.closeDialog.discard')}
          </Button>
          <Button onClick={onSave} loading={isSaving} data-autofocus>
            {t('wizard.closeDialog.save')}
          </Button>
        </SimpleGrid>
      </Stack>
    </Modal>
  );
}
