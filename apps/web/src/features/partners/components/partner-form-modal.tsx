import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { z } from 'zod';
import { PartnerInputSchema, type Partner } from '@portal/domain/partner';
import { isApiError } from '@/lib/api-error';
import { useCreatePartner } from '../api/create-partner';
import { useUpdatePartner } from '../api/update-partner';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { EmailInput } from '@/components/ui/email-input';
import { FormModal } from '@/components/ui/form-modal';
import { isOtherFleetRefusal, partnerErrorText, partnerFieldErrors } from '../lib/partner-errors';

type PartnerFormModalProps = {
  opened: boolean;
  /** The partner to edit; null adds a new one. */
  partner: Partner | null;
  onClose: () => void;
};

type FormProblem = 'noCompany' | 'otherFleet' | 'notFound' | 'saveFailed';

/**
 * Add and edit in one form, validated by the domain's PartnerInputSchema; the server's answers
 * (name or email taken, invalid email) appear beside their fields. Mount it afresh for every
 * opening (a new `key`), so it always starts from the partner's saved values.
 */
export function PartnerFormModal({ opened, partner, onClose }: PartnerFormModalProps) {
  const { t } = useTranslation();
  const create = useCreatePartner();
  const update = useUpdatePartner();
  const isSaving = create.isPending || update.isPending;
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useZodForm(PartnerInputSchema, { name: partner?.name ?? '', email: partner?.email ?? '' });

  const onSaved = (saved: Partner) => {
    notify(t, { message: t(partner ? 'partners.saved' : 'partners.added', { name: saved.name }) });
    onClose();
  };

  const onFailed = (error: unknown) => {
    const fieldErrors = partnerFieldErrors(error);
    if (fieldErrors.length > 0) {
      fieldErrors.forEach(({ field, message }, index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
      return;
    }
    if (!isApiError(error) || error.isNetworkError || error.status >= 500) {
      // The error modal tells what happened; the form keeps what was typed for another try.
      setProblem('saveFailed');
      return;
    }
    if (isOtherFleetRefusal(error)) setProblem('otherFleet');
    else if (error.status === 403) setProblem('noCompany');
    else if (error.status === 404) setProblem('notFound');
    else setProblem('saveFailed');
  };

  const onSubmit = (input: z.output<typeof PartnerInputSchema>) => {
    setProblem(null);
    if (partner) update.mutate({ id: partner.id, input }, { onSuccess: onSaved, onError: onFailed });
    else create.mutate(input, { onSuccess: onSaved, onError: onFailed });
  };

  const title = partner ? t('partners.form.editTitle') : t('partners.form.addTitle');

  return (
    <FormModal
      opened={opened}
      title={title}
      testId="partner-form"
      isSaving={isSaving}
      problem={problem && t(`partners.errors.${problem}`)}
      closeLabel={t('partners.form.close')}
      cancelLabel={t('partners.form.cancel')}
      submitLabel={t('partners.form.save')}
      isSubmitDisabled={problem === 'notFound'}
      submitTestId="partner-save"
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
    >
      <TextInput
        {...register('name')}
        label={t('partners.form.name')}
        placeholder={t('partners.form.namePlaceholder')}
        autoComplete="organization"
        required
        error={partnerErrorText(t, errors.name?.message, 'name')}
        data-autofocus
        data-testid="partner-name"
      />
      <EmailInput
        {...register('email')}
        label={t('partners.form.email')}
        placeholder={t('partners.form.emailPlaceholder')}
        error={partnerErrorText(t, errors.email?.message, 'email')}
        data-testid="partner-email"
      />
    </FormModal>
  );
}
