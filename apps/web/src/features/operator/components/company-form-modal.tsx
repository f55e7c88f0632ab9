import { useState } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CompanyInputSchema, type CompanyInput, type OperatorCompany } from '@portal/domain/operator';
import { useSaveCompany } from '../api/save-company';
import { notify } from '@/lib/notify';
import { EmailInput } from '@/components/ui/email-input';
import { FormActions } from '@/components/ui/form-actions';
import { operatorErrorText, serverFieldErrors } from '../lib/operator-errors';

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
  const [hasFailed, setHasFailed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CompanyInput, unknown, z.output<typeof CompanyInputSchema>>({
    resolver: zodResolver(CompanyInputSchema),
    defaultValues: { name: company?.name ?? '', shortName: company?.shortName ?? '', email: company?.email ?? '' },
  });

  const close = () => {
    if (!save.isPending) onClose();
  };

  const onSubmit = (input: z.output<typeof CompanyInputSchema>) => {
    setHasFailed(false);
    save.mutate(
      { id: company?.id ?? null, input },
      {
        onSuccess: (saved) => {
          notify(t, { message: t(company ? 'operator.companies.saved' : 'operator.companies.created', { name: saved.name }) });
          onClose();
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, FIELDS);
          if (fieldErrors.length === 0) setHasFailed(true);
          fieldErrors.forEach(({ field, message }, index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
        },
      },
    );
  };

  const errorOf = (field: Field) =>
    operatorErrorText(t, errors[field]?.message, t(`operator.companies.names.${field}`), field === 'email' ? undefined : t(`operator.companies.uniqueNames.${field}`));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={company ? t('operator.companies.form.editTitle') : t('operator.companies.form.createTitle')}
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': t('operator.form.close') }}
      attributes={{ content: { 'data-testid': 'company-form' } }}
    >
      <form noValidate onSubmit={handleSubmit(onSubmit)}>
        <Stack gap="md">
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
          <FormActions
            problem={hasFailed ? t('operator.errors.saveFailed') : null}
            cancelLabel={t('operator.form.cancel')}
            submitLabel={t('operator.form.save')}
            onCancel={close}
            isSaving={save.isPending}
            submitTestId="company-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
