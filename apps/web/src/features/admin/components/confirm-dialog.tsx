import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** Why the last try failed, shown above the buttons. */
  errorText?: string | null;
  isPending: boolean;
  /** A retry cannot help (e.g. the last admin): the confirm button stays disabled. */
  canConfirm?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
};

/** Asks once more before a change that takes access away. */
export function ConfirmDialog({ opened, title, text, confirmLabel, cancelLabel, closeLabel, errorText, isPending, canConfirm = true, onConfirm, onClose, testId }: ConfirmDialogProps) {
  const close = () => {
    if (!isPending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ size: 'xl', 'aria-label': closeLabel }} attributes={{ content: { 'data-testid': testId } }}>
      <Stack gap="lg">
        <Text>{text}</Text>
        {errorText && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {errorText}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={isPending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={isPending} disabled={!canConfirm} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
