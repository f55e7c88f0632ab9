import { useState } from 'react';
import { Badge, Checkbox, Fieldset, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SystemConfirmationSchema } from '@portal/domain/installation';
import { isScanMatch, type ScanField } from '@portal/domain/scan';
import { useFormatNumber } from '@/lib/format-number';
import { StepFooter } from '../components/step-footer';
import { StepNotices } from '../components/step-notices';
import { StepSection } from '../components/step-section';
import type { StepProps } from '../components/step-props';
import { ReadOnlyValue } from '../components/read-only-value';
import { ScanConfirm, type ScanCheck } from '../components/scan-confirm';
import { useStepForm } from '../hooks/use-step-form';
import { saveThenNext } from '../lib/save-then-next';
import { formResolver } from '../lib/form-resolver';

export type SystemFormValues = { systemDataConfirmed: boolean };

const resolver = formResolver(SystemConfirmationSchema, (values: SystemFormValues) => values);

/**
 * The system from the registry, read-only, and the installer's confirmation that the controller
 * serial numbers match the devices: saved with the installation, it opens the setup tab on any device.
 */
export function SystemStep({ installation, fleet, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const { system } = installation;
  const { form, save, isSaving, notice, restoredAt, discard, reloadFromServer } = useStepForm({
    tab: 'system',
    installation,
    fleet,
    defaultValues: { systemDataConfirmed: installation.systemDataConfirmed },
    resolver,
    isReadOnly,
    toRequest: () => ({ endpoint: 'update', installationId: installation.id, body: { version: installation.version, systemDataConfirmed: true } }),
  });
  const isAcknowledged = form.watch('systemDataConfirmed');
  const error = form.formState.errors.systemDataConfirmed?.message ? t('solar.errors.formErrors.confirmed') : undefined;
  const isComplete = system.chargeControllers.length > 0 && system.telematics.length > 0;

  // Scanning every controller serial and IMEI label confirms the system: a stronger check than the tick box.
  const [scans, setScans] = useState<Record<string, ScanCheck>>({});
  const scanKeys = [...system.chargeControllers.map((c) => `controller:${c.serialNumber}`), ...system.telematics.map((u) => `imei:${u.imei}`)];
  const onScan = (key: string, field: ScanField, expected: string, value: string) => {
    const next = { ...scans, [key]: isScanMatch(field, value, expected) ? ({ isMatch: true } as const) : ({ isMatch: false, scanned: value } as const) };
    setScans(next);
    if (isComplete && scanKeys.every((k) => next[k]?.isMatch)) form.setValue('systemDataConfirmed', true, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <Stack gap="xl">
      <Text>{t('wizard.system.intro')}</Text>
      <StepNotices notice={notice} restoredAt={restoredAt} onDiscard={() => void discard()} onReload={() => void reloadFromServer()} />

      <StepSection title={t('wizard.system.modulesTitle')}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <ReadOnlyValue label={t('wizard.labels.pvModuleCount')} value={formatNumber(system.pvModuleCount)} testId="system-pv-count" />
          <ReadOnlyValue label={t('wizard.labels.pvModuleVersion')} value={system.pvModuleVersion} />
          <ReadOnlyValue label={t('wizard.labels.installedCapacity')} value={t('wizard.system.wattPeak', { value: formatNumber(system.installedCapacity) })} />
        </SimpleGrid>
      </StepSection>

      <section>
        <Group justify="space-between" mb="sm">
          <Title order={3} size="h4">
            {t('wizard.system.controllersTitle')}
          </Title>
          <Text c="dimmed">
            {t('wizard.labels.controllerQuantity')}: <strong data-testid="system-controller-quantity">{formatNumber(system.controllerQuantity)}</strong>
          </Text>
        </Group>
        <Stack gap="sm">
          {system.chargeControllers.map((controller, index) => (
            <Paper key={controller.id} withBorder radius="md" p="md" data-testid="system-controller">
              <Group gap="sm" mb="sm">
                <Text fw={600}>{t('wizard.system.controllerTitle', { index: index + 1 })}</Text>
                <Badge variant="light" size="lg">
                  {t(`wizard.controllerTypes.${controller.type}`)}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                <ScanConfirm
                  field="controllerSerialNumber"
                  label={t('wizard.labels.controllerSerialNumber')}
                  expected={controller.serialNumber}
                  check={scans[`controller:${controller.serialNumber}`]}
                  onScan={(value) => onScan(`controller:${controller.serialNumber}`, 'controllerSerialNumber', controller.serialNumber, value)}
                  isReadOnly={isReadOnly}
                  testId={`system-controller-serial-${index}`}
                />
                <ReadOnlyValue label={t('wizard.labels.controllerType')} value={controller.type} />
                <ReadOnlyValue label={t('wizard.labels.hardwareVersion')} value={controller.hardwareVersion} />
                <ReadOnlyValue label={t('wizard.labels.firmwareVersion')} value={controller.firmwareVersion} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
        {!isReadOnly && (
          <Fieldset variant="unstyled" p={0}>
            <Paper withBorder radius="md" p="md" mt="md" bg={isAcknowledged ? 'blue.0' : undefined}>
              <Checkbox
                {...form.register('systemDataConfirmed')}
                label={t('wizard.system.confirm')}
                size="lg"
                error={error}
                styles={{ body: { alignItems: 'center', minHeight: 44 }, label: { fontSize: 'var(--mantine-font-size-md)' } }}
                data-testid="system-confirm"
              />
            </Paper>
          </Fieldset>
        )}
      </section>

      <StepSection title={t('wizard.system.telematicsTitle')}>
        <Stack gap="sm">
          {system.telematics.map((unit, index) => (
            <Paper key={unit.imei} withBorder radius="md" p="md">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <ReadOnlyValue label={t('wizard.labels.telematicsUnit')} value={unit.unit} />
                <ScanConfirm
                  field="imei"
                  label={t('wizard.labels.imei')}
                  expected={unit.imei}
                  check={scans[`imei:${unit.imei}`]}
                  onScan={(value) => onScan(`imei:${unit.imei}`, 'imei', unit.imei, value)}
                  isReadOnly={isReadOnly}
                  testId={`system-imei-${index}`}
                  valueTestId="system-imei"
                />
                <ReadOnlyValue label={t('wizard.labels.iccid')} value={unit.iccid} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      </StepSection>

      <StepFooter
        onSave={() => void save({ withToast: true })}
        onNext={() => void saveThenNext(save, onNext)}
        isNextDisabled={!isReadOnly && (!isAcknowledged || !isComplete)}
        isSaving={isSaving}
        isReadOnly={isReadOnly}
      />
    </Stack>
  );
}
