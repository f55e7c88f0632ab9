import { useTranslation } from 'react-i18next';
import { FormModal, type FormModalProps } from '@/components/ui/form-modal';

type OperatorFormModalProps = Omit<FormModalProps, 'closeLabel' | 'cancelLabel' | 'submitLabel'> & { submitLabel?: string };

/** The dialog of the operator's forms, with their Close, Cancel and Save. */
export function OperatorFormModal({ submitLabel, ...props }: OperatorFormModalProps) {
  const { t } = useTranslation();
  return <FormModal {...props} closeLabel={t('operator.form.close')} cancelLabel={t('operator.form.cancel')} submitLabel={submitLabel ?? t('operator.form.save')} />;
}
