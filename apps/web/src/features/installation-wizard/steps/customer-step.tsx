import { Checkbox, Fieldset, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomerConfirmationSchema } from '@portal/domain/installation';
import { StepFooter } from '../components/step-footer';
import { StepNotices } from '../components/step-notices';
import type { StepProps } from '../components/step-props';
import { useStepForm } from '../hooks/use-step-form';
import { saveThenNext } from '../lib/save-then-next';
import { formResolver } from '../lib/form-resolver';

export type CustomerFormValues = { customerDataConfirmed: boolean };

const resolver = formResolver(CustomerConfirmationSchema, (values: CustomerFormValues) => values);

/** The customer of the system's fleet, read-only, and the installer's confirmation that it is right. */
export function CustomerStep({ installation, fleet, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const { customer } = installation.system;
  const { form, save, isSaving, notice, restoredAt, discard, reloadFromServer } = useStepForm({
    tab: 'customer',
    installation,
    fleet,
    defaultValues: { customerDataConfirmed: installation.customerDataConfirmed },
    resolver,
    isReadOnly,
    toRequest: () => ({ endpoint: 'update', installationId: installation.id, body: { version: installation.version, customerDataConfirmed: true } }),
  });
  const isConfirmed = form.watch('customerDataConfirmed');
  const error = form.formState.errors.customerDataConfirmed?.message ? t('solar.errors.formErrors.confirmed') : undefined;
  const isComplete = Boolean(customer.name && customer.primaryContact && customer.emailAddress);

  return (
    <Stack gap="lg">
      <Text>{t('wizard.customer.intro')}</Text>
      <StepNotices notice={notice} restoredAt={restoredAt} onDiscard={() => void discard()} onReload={() => void reloadFromServer()} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('wizard.labels.customerName')} value={customer.name} readOnly variant="filled" data-testid="customer-name" />
        <TextInput label={t('wizard.labels.primaryContact')} value={customer.primaryContact} readOnly variant="filled" data-testid="customer-contact" />
        <TextInput label={t('wizard.labels.emailAddress')} value={customer.emailAddress} readOnly variant="filled" data-testid="customer-email" />
      </SimpleGrid>
      <Fieldset variant="unstyled" disabled={isReadOnly} p={0}>
        <Paper withBorder radius="md" p="md" bg={isConfirmed ? 'blue.0' : undefined}>
          <Checkbox
            {...form.register('customerDataConfirmed')}
            label={t('wizard.customer.confirm')}
            size="lg"
            error={error}
            styles={{ body: { alignItems: 'center', minHeight: 44 }, label: { fontSize: 'var(--mantine-font-size-md)' } }}
            data-testid="customer-confirm"
          />
        </Paper>
      </Fieldset>
      <StepFooter
        onSave={() => void save({ withToast: true })}
        onNext={() => void saveThenNext(save, onNext)}
        isNextDisabled={!isReadOnly && (!isConfirmed || !isComplete)}
        isSaving={isSaving}
        isReadOnly={isReadOnly}
      />
    </Stack>
  );
}
