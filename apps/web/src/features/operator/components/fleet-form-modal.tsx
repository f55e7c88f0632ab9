import { TextInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { FleetInputSchema, type OperatorFleet } from '@portal/domain/operator';
import { DEFAULT_FLEET_TIME_ZONE } from '@portal/domain/time';
import { useSaveFleet } from '../api/save-fleet';
import { EmailInput } from '@/components/ui/email-input';
import { operatorErrorText } from '../lib/operator-errors';
import { useRecordForm } from '../hooks/use-record-form';
import { OperatorFormModal, type OperatorDialogProps } from './operator-form-modal';

/** Create and edit a fleet, validated by the domain's FleetInputSchema; a taken slug or name shows at its field; null creates one. Mount afresh per opening. */
export function FleetFormModal({ opened, fleet, onClose }: OperatorDialogProps<'fleet', OperatorFleet>) {
  const { t } = useTranslation();
  const { field, modal } = useRecordForm({
    schema: FleetInputSchema,
    defaultValues: {
      slug: fleet?.slug ?? '',
      name: fleet?.name ?? '',
      customerName: fleet?.customerName ?? '',
      primaryContact: fleet?.primaryContact ?? '',
      email: fleet?.email ?? '',
      timeZone: fleet?.timeZone ?? DEFAULT_FLEET_TIME_ZONE,
    },
    save: useSaveFleet(),
    id: fleet?.id ?? null,
    fields: ['slug', 'name', 'customerName', 'primaryContact', 'email', 'timeZone'],
    label: (name) => t(`operator.fleets.form.${name}`),
    errorText: (name, message) =>
      operatorErrorText(t, message, t(`operator.fleets.names.${name}`), name === 'slug' || name === 'name' ? t(`operator.fleets.uniqueNames.${name}`) : undefined),
    savedText: (saved) => t(fleet ? 'operator.fleets.saved' : 'operator.fleets.created', { name: saved.name }),
    onClose,
  });

  const title = fleet ? t('operator.fleets.form.editTitle') : t('operator.fleets.form.createTitle');
  return (
    <OperatorFormModal opened={opened} title={title} testId="fleet-form" {...modal} submitTestId="fleet-save" onClose={onClose}>
      <TextInput
        {...field('slug')}
        description={t('operator.fleets.form.slugHelp')}
        placeholder="nordbus"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-autofocus
        data-testid="fleet-slug"
      />
      <TextInput {...field('name')} autoComplete="off" data-testid="fleet-name" />
      <TextInput {...field('customerName')} autoComplete="organization" data-testid="fleet-customer" />
      <TextInput {...field('primaryContact')} autoComplete="name" data-testid="fleet-contact" />
      <EmailInput {...field('email')} data-testid="fleet-email" />
      <TextInput
        {...field('timeZone')}
        description={t('operator.fleets.form.timeZoneHelp')}
        placeholder={DEFAULT_FLEET_TIME_ZONE}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        data-testid="fleet-time-zone"
      />
    </OperatorFormModal>
  );
}
