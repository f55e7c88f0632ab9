import type { FormEventHandler, ReactNode } from 'react';
import { Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/ui/form-actions';

type OperatorFormModalProps = {
  opened: boolean;
  title: string;
  testId: string;
  isSaving: boolean;
  /** Why the last save failed, said above the buttons. */
  problem: string | null;
  submitLabel?: string;
  submitTestId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
};

/** The dialog of the operator's forms: the fields, then Cancel and Save; it cannot be closed while saving. */
export function OperatorFormModal({ opened, title, testId, isSaving, problem, submitLabel, submitTestId, onSubmit, onClose, children }: OperatorFormModalProps) {
  const { t } = useTranslation();
  const close = () => {
    if (!isSaving) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': t('operator.form.close') }}
      attributes={{ content: { 'data-testid': testId } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {children}
          <FormActions
            problem={problem}
            cancelLabel={t('operator.form.cancel')}
            submitLabel={submitLabel ?? t('operator.form.save')}
            onCancel={close}
            isSaving={isSaving}
            submitTestId={submitTestId}
          />
        </Stack>
      </form>
    </Modal>
  );
}
