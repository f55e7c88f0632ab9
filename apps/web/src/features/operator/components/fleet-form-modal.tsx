import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FleetInputSchema, type FleetInput, type OperatorFleet } from '@portal/domain/operator';
import { useSaveFleet } from '../api/save-fleet';
import { notify } from '@/lib/notify';
import { EmailInput } from '@/components/ui/email-input';
import { operatorErrorText } from '../lib/operator-errors';
import { useSaveWithFieldErrors } from '../hooks/use-save-with-field-errors';
import { OperatorFormModal } from './operator-form-modal';

const FIELDS = ['slug', 'name', 'customerName', 'primaryContact', 'email'] as const;
type Field = (typeof FIELDS)[number];

type FleetFormModalProps = {
  opened: boolean;
  /** The fleet to edit; null creates one. */
  fleet: OperatorFleet | null;
  onClose: () => void;
};

/** Create and edit a fleet, validated by the domain's FleetInputSchema; a taken slug or name shows at its field. Mount afresh per opening. */
export function FleetFormModal({ opened, fleet, onClose }: FleetFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveFleet();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FleetInput, unknown, z.output<typeof FleetInputSchema>>({
    resolver: zodResolver(FleetInputSchema),
    defaultValues: {
      slug: fleet?.slug ?? '',
      name: fleet?.name ?? '',
      customerName: fleet?.customerName ?? '',
      primaryContact: fleet?.primaryContact ?? '',
      email: fleet?.email ?? '',
    },
  });

  const { hasFailed, submit } = useSaveWithFieldErrors({
    save,
    id: fleet?.id ?? null,
    fields: FIELDS,
    setError,
    onSaved: (saved) => {
      notify(t, { message: t(fleet ? 'operator.fleets.saved' : 'operator.fleets.created', { name: saved.name }) });
      onClose();
    },
  });

  const errorOf = (field: Field) =>
    operatorErrorText(t, errors[field]?.message, t(`operator.fleets.names.${field}`), field === 'slug' || field === 'name' ? t(`operator.fleets.uniqueNames.${field}`) : undefined);

  return (
    <OperatorFormModal
      opened={opened}
      title={fleet ? t('operator.fleets.form.editTitle') : t('operator.fleets.form.createTitle')}
      testId="fleet-form"
      isSaving={save.isPending}
      problem={hasFailed ? t('operator.errors.saveFailed') : null}
      submitTestId="fleet-save"
      onSubmit={handleSubmit(submit)}
      onClose={onClose}
    >
      <TextInput
        {...register('slug')}
        label={t('operator.fleets.form.slug')}
        description={t('operator.fleets.form.slugHelp')}
        placeholder="nordbus"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        required
        error={errorOf('slug')}
        data-autofocus
        data-testid="fleet-slug"
      />
      <TextInput {...register('name')} label={t('operator.fleets.form.name')} autoComplete="off" required error={errorOf('name')} data-testid="fleet-name" />
      <TextInput
        {...register('customerName')}
        label={t('operator.fleets.form.customerName')}
        autoComplete="organization"
        required
        error={errorOf('customerName')}
        data-testid="fleet-customer"
      />
      <TextInput
        {...register('primaryContact')}
        label={t('operator.fleets.form.primaryContact')}
        autoComplete="name"
        required
        error={errorOf('primaryContact')}
        data-testid="fleet-contact"
      />
      <EmailInput
        {...register('email')}
        label={t('operator.fleets.form.email')}
        error={errorOf('email')}
        data-testid="fleet-email"
      />
    </OperatorFormModal>
  );
}
