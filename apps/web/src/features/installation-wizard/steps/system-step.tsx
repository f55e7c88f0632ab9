import { useState } from 'react';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { isScanMatch, type ScanField } from '@portal/domain/scan';
import { useFormatNumber } from '@/lib/format-number';
import { ConfirmBox } from '../components/confirm-box';
import { StepFormFooter } from '../components/step-footer';
import { StepNotices } from '../components/step-notices';
import { StepSection } from '../components/step-section';
import type { StepProps } from '../components/step-props';
import { ControllerVersions, ReadOnlyValue } from '../components/read-only-value';
import { ScanConfirm, type ScanCheck } from '../components/scan-confirm';
import { useConfirmationForm } from '../hooks/use-confirmation-form';

const scanKey = (field: ScanField, expected: string) => `${field === 'imei' ? 'imei' : 'controller'}:${expected}`;

/**
 * The system from the registry, read-only, and the installer's confirmation that the controller
 * serial numbers match the devices: saved with the installation, it opens the setup tab on any device.
 */
export function SystemStep({ installation, fleet, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const { system } = installation;
  const step = useConfirmationForm('systemDataConfirmed', { installation, fleet, isReadOnly });
  const isComplete = system.chargeControllers.length > 0 && system.telematics.length > 0;

  // Scanning every controller serial and IMEI label confirms the system: a stronger check than the tick box.
  const [scans, setScans] = useState<Record<string, ScanCheck>>({});
  const scanKeys = [
    ...system.chargeControllers.map((c) => scanKey('controllerSerialNumber', c.serialNumber)),
    ...system.telematics.map((u) => scanKey('imei', u.imei)),
  ];
  const onScan = (key: string, field: ScanField, expected: string, value: string) => {
    const next = { ...scans, [key]: isScanMatch(field, value, expected) ? ({ isMatch: true } as const) : ({ isMatch: false, scanned: value } as const) };
    setScans(next);
    if (isComplete && scanKeys.every((k) => next[k]?.isMatch)) step.form.setValue('systemDataConfirmed', true, { shouldDirty: true, shouldValidate: true });
  };
  /** What a scan confirmation needs beyond its label and test ids. */
  const scanConfirm = (field: ScanField, expected: string) => {
    const key = scanKey(field, expected);
    return { field, expected, check: scans[key], onScan: (value: string) => onScan(key, field, expected, value), isReadOnly };
  };

  return (
    <Stack gap="xl">
      <Text>{t('wizard.system.intro')}</Text>
      <StepNotices notice={step.notice} restoredAt={step.restoredAt} onDiscard={() => void step.discard()} onReload={() => void step.reloadFromServer()} />

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
                  {...scanConfirm('controllerSerialNumber', controller.serialNumber)}
                  label={t('wizard.labels.controllerSerialNumber')}
                  testId={`system-controller-serial-${index}`}
                />
                <ReadOnlyValue label={t('wizard.labels.controllerType')} value={controller.type} />
                <ControllerVersions controller={controller} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      </section>

      <StepSection title={t('wizard.system.telematicsTitle')}>
        <Stack gap="sm">
          {system.telematics.map((unit, index) => (
            <Paper key={unit.imei} withBorder radius="md" p="md">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <ReadOnlyValue label={t('wizard.labels.telematicsUnit')} value={unit.unit} />
                <ScanConfirm {...scanConfirm('imei', unit.imei)} label={t('wizard.labels.imei')} testId={`system-imei-${index}`} valueTestId="system-imei" />
                <ReadOnlyValue label={t('wizard.labels.iccid')} value={unit.iccid} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
        {/* Below everything it confirms, right above Next. */}
        {!isReadOnly && <ConfirmBox confirmation={step} label={t('wizard.system.confirm')} mt="md" testId="system-confirm" />}
      </StepSection>

      <StepFormFooter
        step={step}
        onNext={onNext}
        isNextDisabled={!isReadOnly && (!step.isConfirmed || !isComplete)}
        isReadOnly={isReadOnly}
        nextHint={t('wizard.system.nextHint')}
      />
    </Stack>
  );
}
