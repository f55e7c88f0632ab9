import { useState } from 'react';
import { NativeSelect, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { z } from 'zod';
import { AddCompanyMemberSchema, type OperatorCompany, type OperatorFleet } from '@portal/domain/operator';
import { isApiError } from '@/lib/api-error';
import { useAddCompanyMember } from '../api/add-company-member';
import { useGrantFleetAdmin } from '../api/grant-fleet-admin';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { EmailInput } from '@/components/ui/email-input';
import { operatorErrorText, serverFieldErrors } from '../lib/operator-errors';
import { OperatorFormModal, type OperatorDialogProps } from './operator-form-modal';

/** The domain's email rule, plus the company a new fleet admin joins ('' for none), chosen from a list. */
const PersonFormSchema = AddCompanyMemberSchema.extend({ companyId: z.string() });

export type PersonTarget = { kind: 'company'; company: OperatorCompany } | { kind: 'fleetAdmin'; fleet: OperatorFleet; companies: readonly OperatorCompany[] };

/**
 * Adds a person by email to an installer company, or makes them an admin of a fleet (optionally
 * joining a company). An account is made for a new address; they sign in with it by email.
 */
export function PersonFormModal({ opened, target, onClose }: OperatorDialogProps<'target', PersonTarget>) {
  const { t } = useTranslation();
  const addMember = useAddCompanyMember();
  const grantAdmin = useGrantFleetAdmin();
  const isSaving = addMember.isPending || grantAdmin.isPending;
  const [problem, setProblem] = useState<'notFound' | 'saveFailed' | null>(null);
  const { register, handleSubmit, setError, formState: { errors } } = useZodForm(PersonFormSchema, { email: '', companyId: '' });

  if (!target) return null;

  const onError = (error: unknown) => {
    const fieldErrors = serverFieldErrors(error, ['email'] as const);
    if (fieldErrors.length > 0) fieldErrors.forEach(({ field, message }) => setError(field, { type: 'server', message }, { shouldFocus: true }));
    else setProblem(isApiError(error) && error.status === 404 ? 'notFound' : 'saveFailed');
  };

  const onSubmit = ({ email, companyId }: z.output<typeof PersonFormSchema>) => {
    setProblem(null);
    if (target.kind === 'company') {
      addMember.mutate(
        { companyId: target.company.id, input: { email } },
        {
          onSuccess: () => {
            notify(t, { message: t('operator.people.addedToCompany', { email, company: target.company.name }) });
            onClose();
          },
          onError,
        },
      );
      return;
    }
    grantAdmin.mutate(
      { fleetId: target.fleet.id, input: { email, companyId: companyId ? Number(companyId) : null } },
      {
        onSuccess: () => {
          notify(t, { message: t('operator.people.madeAdmin', { email, fleet: target.fleet.name }) });
          onClose();
        },
        onError,
      },
    );
  };

  const isCompany = target.kind === 'company';
  return (
    <OperatorFormModal
      opened={opened}
      title={isCompany ? t('operator.people.addToCompanyTitle', { company: target.company.name }) : t('operator.people.makeAdminTitle', { fleet: target.fleet.name })}
      testId="person-form"
      isSaving={isSaving}
      problem={problem && t(problem === 'notFound' ? 'operator.errors.notFound' : 'operator.errors.saveFailed')}
      submitLabel={isCompany ? t('operator.people.addSubmit') : t('operator.people.makeAdminSubmit')}
      submitTestId="person-save"
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
    >
      <Text size="sm">{isCompany ? t('operator.people.addToCompanyText') : t('operator.people.makeAdminText')}</Text>
      <EmailInput
        {...register('email')}
        label={t('operator.people.email')}
        placeholder={t('operator.people.emailPlaceholder')}
        autoComplete="off"
        error={operatorErrorText(t, errors.email?.message, t('operator.people.emailName'))}
        data-autofocus
        data-testid="person-email"
      />
      {!isCompany && (
        <NativeSelect
          {...register('companyId')}
          label={t('operator.people.company')}
          description={t('operator.people.companyHelp')}
          data={[{ value: '', label: t('operator.people.noCompany') }, ...target.companies.map((c) => ({ value: String(c.id), label: `${c.name} (${c.shortName})` }))]}
          data-testid="person-company"
        />
      )}
    </OperatorFormModal>
  );
}
