import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from '@/lib/i18n';
import type { TextGroupsWith } from '@/lib/text-groups';

type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  text: string;
  /** More to know before confirming (e.g. what else the deletion affects), shown below the text. */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** Why the last try failed, shown above the buttons. */
  errorText?: string | null;
  isPending: boolean;
  /** A retry cannot help (e.g. the last admin, a row already gone): the confirm button stays disabled. */
  canConfirm?: boolean;
  /** Red for what cannot be undone (the default); the primary colour for a question that loses nothing. */
  confirmColor?: 'red' | 'primary';
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
  confirmTestId?: string;
};

/** A group of texts in the locale files with a dialog's `title`, `text`, and `confirm`, `cancel` and `close` labels. */
type ConfirmTextsKey = TextGroupsWith<'title'> & TextGroupsWith<'text'> & TextGroupsWith<'confirm'> & TextGroupsWith<'cancel'> & TextGroupsWith<'close'>;

/** A confirm dialog's texts from one group in the locale files; `values.name` fills the name in its text. */
export function confirmTexts(t: TFunction, key: ConfirmTextsKey, values: { name?: string } = {}) {
  return {
    title: t(`${key}.title`),
    text: t(`${key}.text`, values),
    confirmLabel: t(`${key}.confirm`),
    cancelLabel: t(`${key}.cancel`),
    closeLabel: t(`${key}.close`),
  };
}

/** Asks once more before a change that cannot be undone (deleting, taking access away). */
export function ConfirmDialog({
  opened,
  title,
  text,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  errorText,
  isPending,
  canConfirm = true,
  confirmColor = 'red',
  onConfirm,
  onClose,
  testId,
  confirmTestId,
}: ConfirmDialogProps) {
  const close = () => {
    if (!isPending) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ size: 'xl', 'aria-label': closeLabel }} attributes={{ content: { 'data-testid': testId } }}>
      <Stack gap="lg">
        <Text>{text}</Text>
        {children}
        {errorText && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {errorText}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={isPending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={confirmColor === 'red' ? 'red' : undefined} onClick={onConfirm} loading={isPending} disabled={!canConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
