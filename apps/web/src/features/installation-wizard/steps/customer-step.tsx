import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { ConfirmBox } from '../components/confirm-box';
import { StepFormFooter } from '../components/step-footer';
import { StepNotices } from '../components/step-notices';
import type { StepProps } from '../components/step-props';
import { useConfirmationForm } from '../hooks/use-confirmation-form';

/** The customer of the system's fleet, read-only, and the installer's confirmation that it is right. */
export function CustomerStep({ installation, fleet, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const { customer } = installation.system;
  const step = useConfirmationForm('customerDataConfirmed', { installation, fleet, isReadOnly });
  const isComplete = Boolean(customer.name && customer.primaryContact && customer.emailAddress);

  return (
    <Stack gap="lg">
      <Text>{t('wizard.customer.intro')}</Text>
      <StepNotices notice={step.notice} restoredAt={step.restoredAt} onDiscard={() => void step.discard()} onReload={() => void step.reloadFromServer()} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('wizard.labels.customerName')} value={customer.name} readOnly variant="filled" data-testid="customer-name" />
        <TextInput label={t('wizard.labels.primaryContact')} value={customer.primaryContact} readOnly variant="filled" data-testid="customer-contact" />
        <TextInput label={t('wizard.labels.emailAddress')} value={customer.emailAddress} readOnly variant="filled" data-testid="customer-email" />
      </SimpleGrid>
      <ConfirmBox confirmation={step} label={t('wizard.customer.confirm')} disabled={isReadOnly} testId="customer-confirm" />
      <StepFormFooter
        step={step}
        onNext={onNext}
        isNextDisabled={!isReadOnly && (!step.isConfirmed || !isComplete)}
        isReadOnly={isReadOnly}
        nextHint={t('wizard.customer.nextHint')}
      />
    </Stack>
  );
}
