import { TextInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { CompanyInputSchema, type OperatorCompany } from '@portal/domain/operator';
import { useSaveCompany } from '../api/save-company';
import { EmailInput } from '@/components/ui/email-input';
import { operatorErrorText } from '../lib/operator-errors';
import { useRecordForm } from '../hooks/use-record-form';
import { OperatorFormModal, type OperatorDialogProps } from './operator-form-modal';

/** Create and edit an installer company, validated by the domain's CompanyInputSchema; null creates one. Mount afresh per opening. */
export function CompanyFormModal({ opened, company, onClose }: OperatorDialogProps<'company', OperatorCompany>) {
  const { t } = useTranslation();
  const { field, modal } = useRecordForm({
    schema: CompanyInputSchema,
    defaultValues: { name: company?.name ?? '', shortName: company?.shortName ?? '', email: company?.email ?? '' },
    save: useSaveCompany(),
    id: company?.id ?? null,
    fields: ['name', 'shortName', 'email'],
    label: (name) => t(`operator.companies.form.${name}`),
    errorText: (name, message) =>
      operatorErrorText(t, message, t(`operator.companies.names.${name}`), name === 'email' ? undefined : t(`operator.companies.uniqueNames.${name}`)),
    savedText: (saved) => t(company ? 'operator.companies.saved' : 'operator.companies.created', { name: saved.name }),
    onClose,
  });

  const title = company ? t('operator.companies.form.editTitle') : t('operator.companies.form.createTitle');
  return (
    <OperatorFormModal opened={opened} title={title} testId="company-form" {...modal} submitTestId="company-save" onClose={onClose}>
      <TextInput {...field('name')} autoComplete="organization" data-autofocus data-testid="company-name" />
      <TextInput
        {...field('shortName')}
        description={t('operator.companies.form.shortNameHelp')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        data-testid="company-short-name"
      />
      <EmailInput {...field('email')} data-testid="company-email" />
    </OperatorFormModal>
  );
}
