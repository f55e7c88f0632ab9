import type { FormEventHandler, ReactNode } from 'react';
import { Modal, Stack } from '@mantine/core';
import { FormActions } from './form-actions';

export type FormModalProps = {
  opened: boolean;
  title: string;
  testId: string;
  isSaving: boolean;
  /** Why the last save failed, said above the buttons. */
  problem: string | null;
  closeLabel: string;
  cancelLabel: string;
  submitLabel: string;
  isSubmitDisabled?: boolean;
  submitTestId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
};

/** A dialog holding one form: the fields, then Cancel and the submit button; it cannot be closed while saving. */
export function FormModal({ opened, title, testId, isSaving, problem, closeLabel, cancelLabel, submitLabel, isSubmitDisabled, submitTestId, onSubmit, onClose, children }: FormModalProps) {
  const close = () => {
    if (!isSaving) onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ size: 'xl', 'aria-label': closeLabel }} attributes={{ content: { 'data-testid': testId } }}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {children}
          <FormActions
            problem={problem}
            cancelLabel={cancelLabel}
            submitLabel={submitLabel}
            onCancel={close}
            isSaving={isSaving}
            isSubmitDisabled={isSubmitDisabled}
            submitTestId={submitTestId}
          />
        </Stack>
      </form>
    </Modal>
  );
}
