import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CompanyInputSchema, type CompanyInput, type OperatorCompany } from '@portal/domain/operator';
import { useSaveCompany } from '../api/save-company';
import { notify } from '@/lib/notify';
import { EmailInput } from '@/components/ui/email-input';
import { operatorErrorText } from '../lib/operator-errors';
import { useSaveWithFieldErrors } from '../hooks/use-save-with-field-errors';
import { OperatorFormModal } from './operator-form-modal';

const FIELDS = ['name', 'shortName', 'email'] as const;
type Field = (typeof FIELDS)[number];

type CompanyFormModalProps = {
  opened: boolean;
  /** The company to edit; null creates one. */
  company: OperatorCompany | null;
  onClose: () => void;
};

/** Create and edit an installer company, validated by the domain's CompanyInputSchema. Mount afresh per opening. */
export function CompanyFormModal({ opened, company, onClose }: CompanyFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveCompany();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CompanyInput, unknown, z.output<typeof CompanyInputSchema>>({
    resolver: zodResolver(CompanyInputSchema),
    defaultValues: { name: company?.name ?? '', shortName: company?.shortName ?? '', email: company?.email ?? '' },
  });

  const { hasFailed, submit } = useSaveWithFieldErrors({
    save,
    id: company?.id ?? null,
    fields: FIELDS,
    setError,
    onSaved: (saved) => {
      notify(t, { message: t(company ? 'operator.companies.saved' : 'operator.companies.created', { name: saved.name }) });
      onClose();
    },
  });

  const errorOf = (field: Field) =>
    operatorErrorText(t, errors[field]?.message, t(`operator.companies.names.${field}`), field === 'email' ? undefined : t(`operator.companies.uniqueNames.${field}`));

  return (
    <OperatorFormModal
      opened={opened}
      title={company ? t('operator.companies.form.editTitle') : t('operator.companies.form.createTitle')}
      testId="company-form"
      isSaving={save.isPending}
      problem={hasFailed ? t('operator.errors.saveFailed') : null}
      submitTestId="company-save"
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <TextInput
        {...register('name')}
        label={t('operator.companies.form.name')}
        autoComplete="organization"
        required
        error={errorOf('name')}
        data-autofocus
        data-testid="company-name"
      />
      <TextInput
        {...register('shortName')}
        label={t('operator.companies.form.shortName')}
        description={t('operator.companies.form.shortNameHelp')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        error={errorOf('shortName')}
        data-testid="company-short-name"
      />
      <EmailInput
        {...register('email')}
        label={t('operator.companies.form.email')}
        error={errorOf('email')}
        data-testid="company-email"
      />
    </OperatorFormModal>
  );
}
