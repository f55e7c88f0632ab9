import { Badge, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatNumber } from '@/lib/format-number';
import { StepFooter } from '../components/step-footer';
import type { StepProps } from '../components/step-props';
import { ReadOnlyValue } from '../components/read-only-value';
import { useWizardStore } from '../stores/wizard-store';

/**
 * The system from the registry, read-only. Nothing is saved here: the acknowledgement of the
 * controller serial numbers lives in the wizard for this session and opens the setup tab.
 */
export function SystemStep({ installation, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const formatNumber = useFormatNumber();
  const { system } = installation;
  const isAcknowledged = useWizardStore((state) => state.acknowledgedSystems[installation.id] ?? false);
  const acknowledge = useWizardStore((state) => state.acknowledgeSystem);
  const isComplete = system.chargeControllers.length > 0 && system.telematics.length > 0;

  return (
    <Stack gap="xl">
      <Text>{t('wizard.system.intro')}</Text>

      <section>
        <Title order={3} size="h4" mb="sm">
          {t('wizard.system.modulesTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <ReadOnlyValue label={t('wizard.labels.pvModuleCount')} value={formatNumber(system.pvModuleCount)} testId="system-pv-count" />
          <ReadOnlyValue label={t('wizard.labels.pvModuleVersion')} value={system.pvModuleVersion} />
          <ReadOnlyValue label={t('wizard.labels.installedCapacity')} value={t('wizard.system.wattPeak', { value: formatNumber(system.installedCapacity) })} />
        </SimpleGrid>
      </section>

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
                <ReadOnlyValue label={t('wizard.labels.controllerSerialNumber')} value={controller.serialNumber} />
                <ReadOnlyValue label={t('wizard.labels.controllerType')} value={controller.type} />
                <ReadOnlyValue label={t('wizard.labels.hardwareVersion')} value={controller.hardwareVersion} />
                <ReadOnlyValue label={t('wizard.labels.firmwareVersion')} value={controller.firmwareVersion} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
        {!isReadOnly && (
          <Paper withBorder radius="md" p="md" mt="md" bg={isAcknowledged ? 'blue.0' : undefined}>
            <Checkbox
              checked={isAcknowledged}
              onChange={(event) => acknowledge(installation.id, event.currentTarget.checked)}
              label={t('wizard.system.confirm')}
              size="lg"
              styles={{ body: { alignItems: 'center', minHeight: 44 }, label: { fontSize: 'var(--mantine-font-size-md)' } }}
              data-testid="system-confirm"
            />
          </Paper>
        )}
      </section>

      <section>
        <Title order={3} size="h4" mb="sm">
          {t('wizard.system.telematicsTitle')}
        </Title>
        <Stack gap="sm">
          {system.telematics.map((unit) => (
            <Paper key={unit.imei} withBorder radius="md" p="md">
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                <ReadOnlyValue label={t('wizard.labels.telematicsUnit')} value={unit.unit} />
                <ReadOnlyValue label={t('wizard.labels.imei')} value={unit.imei} testId="system-imei" />
                <ReadOnlyValue label={t('wizard.labels.iccid')} value={unit.iccid} />
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      </section>

      <StepFooter onNext={onNext} isNextDisabled={!isReadOnly && (!isAcknowledged || !isComplete)} isReadOnly={isReadOnly} />
    </Stack>
  );
}
