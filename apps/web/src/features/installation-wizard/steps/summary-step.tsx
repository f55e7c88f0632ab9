import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconHome, IconInfoCircle, IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isInspectionPassed } from '@portal/domain/setup';
import { formatDate } from '@/lib/format-date';
import { currentLocale } from '@/lib/i18n';
import { ReadOnlyValue } from '../components/read-only-value';
import type { StepProps } from '../components/step-props';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Everything recorded so far, read-only; submitting comes with the summary API. */
export function SummaryStep({ installation, onFinish }: StepProps & { onFinish: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { system, vehicle } = installation;
  const notRecorded = t('wizard.summary.notRecorded');
  const inspections = new Map(installation.inspections.map((i) => [i.chargeControllerSerial.toLowerCase(), i]));
  const tab = (key: 'general' | 'customer' | 'vehicle' | 'system' | 'setup') => t(`solar.installation.tabs.${key}`);

  return (
    <Stack gap="lg">
      <Text>{t('wizard.summary.intro')}</Text>
      <Section title={tab('general')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <ReadOnlyValue label={t('wizard.labels.systemSerialNumber')} value={installation.systemSerialNumber} />
          <ReadOnlyValue label={t('wizard.labels.startDate')} value={formatDate(installation.startDate, locale)} testId="summary-start-date" />
          <ReadOnlyValue label={t('wizard.labels.name')} value={installation.name} />
          {installation.comments && <ReadOnlyValue label={t('wizard.labels.comments')} value={installation.comments} />}
        </SimpleGrid>
      </Section>
      <Section title={tab('customer')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <ReadOnlyValue label={t('wizard.labels.customerName')} value={system.customer.name} />
          <ReadOnlyValue label={t('wizard.labels.primaryContact')} value={system.customer.primaryContact} />
          <ReadOnlyValue label={t('wizard.labels.emailAddress')} value={system.customer.emailAddress} />
        </SimpleGrid>
      </Section>
      <Section title={tab('vehicle')}>
        {vehicle ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <ReadOnlyValue label={t('wizard.labels.type')} value={t(`wizard.vehicle.types.${vehicle.type}`)} />
            <ReadOnlyValue label={t('wizard.labels.manufacturer')} value={vehicle.manufacturer} />
            <ReadOnlyValue label={t('wizard.labels.model')} value={vehicle.model} />
            <ReadOnlyValue label={t('wizard.labels.year')} value={vehicle.year} />
            <ReadOnlyValue label={t('wizard.labels.transmission')} value={t(`wizard.vehicle.transmissions.${vehicle.transmission}`)} />
            <ReadOnlyValue label={t('wizard.labels.batteryType')} value={t(`wizard.vehicle.batteryTypes.${vehicle.batteryType}`)} />
            <ReadOnlyValue label={t('wizard.labels.batteryCapacity')} value={`${vehicle.batteryCapacity} ${vehicle.batteryCapacityUnit}`} />
            <ReadOnlyValue label={t('wizard.labels.vin')} value={vehicle.vin} />
            <ReadOnlyValue label={t('wizard.labels.licensePlate')} value={vehicle.licensePlate ?? '–'} />
            <ReadOnlyValue label={t('wizard.labels.mileage')} value={`${vehicle.mileage} km`} />
            <ReadOnlyValue label={t('wizard.labels.city')} value={vehicle.city ?? '–'} />
          </SimpleGrid>
        ) : (
          <Text c="dimmed">{notRecorded}</Text>
        )}
      </Section>
      <Section title={tab('system')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <ReadOnlyValue label={t('wizard.labels.pvModuleCount')} value={system.pvModuleCount} />
          <ReadOnlyValue label={t('wizard.labels.pvModuleVersion')} value={system.pvModuleVersion} />
          <ReadOnlyValue label={t('wizard.labels.installedCapacity')} value={t('wizard.system.wattPeak', { value: system.installedCapacity })} />
          {system.telematics.map((unit) => (
            <ReadOnlyValue key={unit.imei} label={t('wizard.labels.telematicsUnit')} value={`${unit.unit} · ${t('wizard.labels.imei')} ${unit.imei}`} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title={tab('setup')}>
        <Stack gap="md">
          {system.chargeControllers.map((controller) => {
            const inspection = inspections.get(controller.serialNumber.toLowerCase());
            return (
              <Stack key={controller.id} gap="xs">
                <Group gap="sm">
                  <Text fw={600}>{t('wizard.summary.controller', { serial: controller.serialNumber })}</Text>
                  <Badge variant="light">{t(`wizard.controllerTypes.${controller.type}`)}</Badge>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <ReadOnlyValue label={t('wizard.labels.pvModulesCount')} value={controller.pvModulesCount ?? notRecorded} />
                  <ReadOnlyValue label={t('wizard.labels.activeChannelCount')} value={controller.activeChannelCount ?? notRecorded} />
                  <ReadOnlyValue
                    label={t('wizard.setup.inspectionTitle')}
                    value={
                      !inspection ? (
                        notRecorded
                      ) : isInspectionPassed(inspection) ? (
                        <Group component="span" gap={6}>
                          <IconCircleCheck size={20} color="var(--mantine-color-green-9)" aria-hidden />
                          {t('wizard.summary.inspectionPassed')}
                        </Group>
                      ) : (
                        <Group component="span" gap={6}>
                          <IconAlertTriangle size={20} color="var(--mantine-color-red-9)" aria-hidden />
                          {t('wizard.summary.inspectionFailed')}
                        </Group>
                      )
                    }
                  />
                </SimpleGrid>
              </Stack>
            );
          })}
        </Stack>
      </Section>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('wizard.summary.noticeTitle')}>
        {t('wizard.summary.notice')}
      </Alert>
      <Group justify="flex-end">
        <Button leftSection={<IconHome aria-hidden />} onClick={onFinish} data-testid="summary-finish">
          {t('wizard.actions.backToHome')}
        </Button>
      </Group>
    </Stack>
  );
}
