import { useTranslation } from '@/lib/i18n';
import { FormModal, type FormModalProps } from '@/components/ui/form-modal';

type OperatorFormModalProps = Omit<FormModalProps, 'closeLabel' | 'cancelLabel' | 'submitLabel'> & { submitLabel?: string };

/** The dialog of the operator's forms, with their Close, Cancel and Save. */
export function OperatorFormModal({ submitLabel, ...props }: OperatorFormModalProps) {
  const { t } = useTranslation();
  return <FormModal {...props} closeLabel={t('operator.form.close')} cancelLabel={t('operator.form.cancel')} submitLabel={submitLabel ?? t('operator.form.save')} />;
}

/** The props of an operator dialog: open or not, what it is about under `key` (null: a new record, or none), and closing it. */
export type OperatorDialogProps<K extends string, T> = { opened: boolean; onClose: () => void } & Record<K, T | null>;
