import { Alert, Button, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

type FormActionsProps = {
  /** Why the last save failed, said above the buttons; nothing when it did not. */
  problem?: string | null;
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  isSaving: boolean;
  isSubmitDisabled?: boolean;
  submitTestId: string;
};

/** The end of a dialog's form: what went wrong, then Cancel and the submit button. */
export function FormActions({ problem, cancelLabel, submitLabel, onCancel, isSaving, isSubmitDisabled = false, submitTestId }: FormActionsProps) {
  return (
    <>
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isSaving}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={isSaving} disabled={isSubmitDisabled} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
