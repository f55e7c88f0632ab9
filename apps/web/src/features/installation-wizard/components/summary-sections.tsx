import { Fragment, type Key, type ReactNode } from 'react';
import { Alert, Badge, Button, Divider, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconClock, IconFile, IconPencil } from '@tabler/icons-react';
import type { WizardTab } from '@portal/domain/installation';
import { useTranslation } from '@/lib/i18n';
import { isInspectionPassed, type PhysicalInspection } from '@portal/domain/setup-rules';
import type { InstallationSummary } from '@portal/domain/summary';
import { isUnitCheckType, type SystemCheckStatus, type SystemCheckType } from '@portal/domain/system-check-rules';
import { fromKm } from '@portal/domain/vehicle-rules';
import { SUCCESS_TEXT_COLOR, WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { formatDate } from '@/lib/format-date';
import { useFormatNumber } from '@/lib/format-number';
import { formatMoment } from '@portal/domain/time';
import { currentLocale } from '@/lib/i18n';
import { useIsPhone } from '@/lib/use-is-narrow';
import { usePreferredDistanceUnit } from '../hooks/use-preferred-distance-unit';
import { ControllerVersions, ReadOnlyValue, ReadOnlyValues } from './read-only-value';
import { ScrollTable } from './scroll-table';

type SectionKey = 'general' | 'customer' | 'installer' | 'vehicle' | 'pvSystem' | 'chargeControllers' | 'telematics' | 'setup' | 'uploads' | 'digitalCheck';

/** The tab where each section's data is entered; the installer section comes from the account. */
const SECTION_TABS: Record<SectionKey, WizardTab | null> = {
  general: 'general',
  customer: 'customer',
  installer: null,
  vehicle: 'vehicle',
  pvSystem: 'system',
  chargeControllers: 'system',
  telematics: 'system',
  setup: 'setup',
  uploads: 'uploads',
  digitalCheck: 'digitalCheck',
};

/** Opens the tab of a section, while the installation is a draft. */
type OnEdit = ((tab: WizardTab) => void) | undefined;

function Section({ section, onEdit, children }: { section: SectionKey; onEdit: OnEdit; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`wizard.summary.sections.${section}`);
  const tab = SECTION_TABS[section];
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid={`summary-${section}`}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {onEdit && tab && (
          <Button
            variant="subtle"
            mih={44}
            miw={44}
            px="sm"
            leftSection={<IconPencil size={18} aria-hidden />}
            onClick={() => onEdit(tab)}
            aria-label={t('wizard.summary.editSection', { section: title })}
            data-testid={`summary-edit-${section}`}
          >
            {t('wizard.summary.edit')}
          </Button>
        )}
      </Group>
      {children}
    </Paper>
  );
}

const Grid = ({ children }: { children: ReactNode }) => (
  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
    {children}
  </SimpleGrid>
);

type DividedProps<T> = { items: T[]; itemKey: (item: T, index: number) => Key; children: (item: T) => ReactNode };

/** Items one under the other, a line between each two. */
function Divided<T>({ items, itemKey, children }: DividedProps<T>) {
  return items.map((item, index) => (
    <Fragment key={itemKey(item, index)}>
      {index > 0 && <Divider />}
      {children(item)}
    </Fragment>
  ));
}

/** The same, as a stack of its own. */
function DividedStack<T>(props: DividedProps<T>) {
  return (
    <Stack gap="md">
      <Divided {...props} />
    </Stack>
  );
}

/** An outcome in words with an icon, never colour alone. */
function Outcome({ isGood, children, testId }: { isGood: boolean; children: ReactNode; testId?: string }) {
  return (
    <Group component="span" gap={6} wrap="nowrap" data-testid={testId}>
      {isGood ? (
        <IconCircleCheck size={20} color={SUCCESS_TEXT_COLOR} aria-hidden />
      ) : (
        <IconAlertTriangle size={20} color="var(--mantine-color-red-9)" aria-hidden />
      )}
      <span>{children}</span>
    </Group>
  );
}

function CheckStatus({ status }: { status: SystemCheckStatus }) {
  const { t } = useTranslation();
  const icon =
    status === 'success' ? (
      <IconCircleCheck size={20} color={SUCCESS_TEXT_COLOR} aria-hidden />
    ) : status === 'failed' ? (
      <IconCircleX size={20} color="var(--mantine-color-red-9)" aria-hidden />
    ) : (
      <IconClock size={20} aria-hidden />
    );
  return (
    <Group component="span" gap={6} wrap="nowrap" data-testid="summary-check-result" data-status={status}>
      {icon}
      <Text component="span" fw={600} c={status === 'success' ? SUCCESS_TEXT_COLOR : status === 'failed' ? 'red.9' : undefined}>
        {t(`wizard.summary.checkResult.${status}`)}
      </Text>
    </Group>
  );
}

/** Everything recorded for the installation, read-only, in the order of the tabs (SPEC §2 summary). */
export function SummarySections({ summary, onEdit }: { summary: InstallationSummary; onEdit?: (tab: WizardTab) => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const formatNumber = useFormatNumber();
  const [distanceUnit] = usePreferredDistanceUnit();
  const isNarrow = useIsPhone();
  const { general, customer, installer, vehicle, pvSystem } = summary;
  const none = t('wizard.summary.none');
  const notRecorded = (
    <Text component="span" c="dimmed" inherit>
      {t('wizard.summary.notRecorded')}
    </Text>
  );
  const isCompleted = general.status === 'completed';
  const identifierLabel = (type: SystemCheckType) => (isUnitCheckType(type) ? t('wizard.labels.imei') : t('wizard.labels.controllerSerialNumber'));
  const identifierOf = (check: InstallationSummary['systemChecks'][number]) => (isUnitCheckType(check.type) ? check.imei : check.controllerSerial);
  const checkColumns = (['device', 'identifier', 'createdAt', 'result'] as const).map((column) => t(`wizard.summary.labels.${column}`));
  const ledLabel = (inspection: PhysicalInspection, led: keyof PhysicalInspection) =>
    t(`wizard.setup.${led}.${inspection[led]}` as 'wizard.setup.powerLed.off');

  return (
    <Stack gap="md">
      <Section section="general" onEdit={onEdit}>
        <Grid>
          <ReadOnlyValue label={t('wizard.labels.systemSerialNumber')} value={general.systemSerialNumber} testId="summary-serial" />
          <ReadOnlyValue label={t('wizard.labels.name')} value={general.name} />
          <ReadOnlyValue label={t('wizard.labels.startDate')} value={formatDate(general.startDate, locale)} testId="summary-start-date" />
          <ReadOnlyValue label={t('wizard.summary.labels.status')} value={t(`solar.installations.status.${general.status}`)} testId="summary-status" />
          {general.commissioningDate && (
            <ReadOnlyValue label={t('wizard.summary.labels.commissioningDate')} value={formatDate(general.commissioningDate, locale)} />
          )}
          {general.completionDate && <ReadOnlyValue label={t('wizard.summary.labels.completionDate')} value={formatDate(general.completionDate, locale)} />}
          {general.partner && <ReadOnlyValue label={t('wizard.summary.labels.partner')} value={`${general.partner.name} · ${general.partner.email}`} />}
          {isCompleted && <ReadOnlyValue label={t('wizard.labels.comments')} value={general.comments || none} />}
        </Grid>
      </Section>

      <Section section="customer" onEdit={onEdit}>
        <Grid>
          <ReadOnlyValue label={t('wizard.labels.customerName')} value={customer.name} />
          <ReadOnlyValue label={t('wizard.labels.primaryContact')} value={customer.primaryContact} />
          <ReadOnlyValue label={t('wizard.labels.emailAddress')} value={customer.emailAddress} />
        </Grid>
      </Section>

      <Section section="installer" onEdit={onEdit}>
        {installer ? (
          <Grid>
            <ReadOnlyValue label={t('wizard.summary.labels.companyName')} value={installer.companyName || none} />
            <ReadOnlyValue label={t('wizard.summary.labels.companyShortName')} value={installer.companyShortName || none} />
            <ReadOnlyValue label={t('wizard.summary.labels.companyEmail')} value={installer.companyEmail || none} />
            <ReadOnlyValue label={t('wizard.summary.labels.installerName')} value={installer.installerName || none} testId="summary-installer-name" />
            <ReadOnlyValue label={t('wizard.summary.labels.installerEmail')} value={installer.installerEmail || none} />
          </Grid>
        ) : (
          notRecorded
        )}
      </Section>

      <Section section="vehicle" onEdit={onEdit}>
        {vehicle ? (
          <Grid>
            <ReadOnlyValue label={t('wizard.labels.type')} value={t(`wizard.vehicle.types.${vehicle.type}`)} />
            <ReadOnlyValue label={t('wizard.labels.manufacturer')} value={vehicle.manufacturer} />
            <ReadOnlyValue label={t('wizard.labels.model')} value={vehicle.model} />
            <ReadOnlyValue label={t('wizard.labels.year')} value={vehicle.year} />
            <ReadOnlyValue label={t('wizard.labels.transmission')} value={t(`wizard.vehicle.transmissions.${vehicle.transmission}`)} />
            <ReadOnlyValue label={t('wizard.labels.batteryType')} value={t(`wizard.vehicle.batteryTypes.${vehicle.batteryType}`)} />
            <ReadOnlyValue label={t('wizard.labels.batteryCapacity')} value={`${formatNumber(vehicle.batteryCapacity)} ${vehicle.batteryCapacityUnit}`} />
            <ReadOnlyValue label={t('wizard.labels.vin')} value={vehicle.vin} testId="summary-vin" />
            <ReadOnlyValue label={t('wizard.labels.licensePlate')} value={vehicle.licensePlate || none} />
            <ReadOnlyValue
              label={t('wizard.labels.mileage')}
              value={`${formatNumber(fromKm(vehicle.mileage, distanceUnit))} ${t(`wizard.vehicle.distanceUnits.${distanceUnit}`)}`}
              testId="summary-mileage"
            />
            <ReadOnlyValue label={t('wizard.labels.city')} value={vehicle.city || none} />
          </Grid>
        ) : (
          notRecorded
        )}
      </Section>

      <Section section="pvSystem" onEdit={onEdit}>
        <Grid>
          <ReadOnlyValue label={t('wizard.labels.pvModuleCount')} value={formatNumber(pvSystem.pvModuleCount)} />
          <ReadOnlyValue label={t('wizard.labels.pvModuleVersion')} value={pvSystem.pvModuleVersion} />
          <ReadOnlyValue label={t('wizard.labels.installedCapacity')} value={t('wizard.system.wattPeak', { value: formatNumber(pvSystem.installedCapacity) })} />
        </Grid>
      </Section>

      <Section section="chargeControllers" onEdit={onEdit}>
        <DividedStack items={summary.chargeControllers} itemKey={(controller) => controller.id}>
          {(controller) => (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" data-testid="summary-controller">
              <ReadOnlyValue label={t('wizard.labels.controllerSerialNumber')} value={controller.serialNumber} />
              <ReadOnlyValue label={t('wizard.labels.controllerType')} value={t(`wizard.controllerTypes.${controller.type}`)} />
              <ControllerVersions controller={controller} />
              <ReadOnlyValue label={t('wizard.summary.labels.channelCount')} value={formatNumber(controller.channelCount)} />
            </SimpleGrid>
          )}
        </DividedStack>
      </Section>

      <Section section="telematics" onEdit={onEdit}>
        <DividedStack items={summary.telematics} itemKey={(unit) => unit.imei}>
          {(unit) => (
            <Grid>
              <ReadOnlyValues
                values={[
                  { label: t('wizard.labels.telematicsUnit'), value: unit.unit },
                  { label: t('wizard.labels.imei'), value: unit.imei },
                  { label: t('wizard.labels.iccid'), value: unit.iccid },
                ]}
              />
            </Grid>
          )}
        </DividedStack>
      </Section>

      <Section section="setup" onEdit={onEdit}>
        <Stack gap="lg">
          {summary.setup.map((row, index) => (
            <Stack key={row.serialNumber} gap="xs" data-testid="summary-setup-row">
              {index > 0 && <Divider mb="xs" />}
              <Text fw={600}>{t('wizard.summary.controller', { serial: row.serialNumber })}</Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                <ReadOnlyValue label={t('wizard.labels.pvModulesCount')} value={row.pvModulesCount === null ? notRecorded : formatNumber(row.pvModulesCount)} />
                <ReadOnlyValue label={t('wizard.labels.activeChannelCount')} value={row.activeChannelCount === null ? notRecorded : formatNumber(row.activeChannelCount)} />
                <ReadOnlyValue
                  label={t('wizard.setup.inspectionTitle')}
                  value={
                    row.inspection ? (
                      <Outcome isGood={isInspectionPassed(row.inspection)}>
                        {isInspectionPassed(row.inspection) ? t('wizard.summary.inspectionPassed') : t('wizard.summary.inspectionFailed')}
                      </Outcome>
                    ) : (
                      notRecorded
                    )
                  }
                />
                {row.inspection &&
                  (['powerLed', 'statusLed', 'faultLed'] as const).map((led) => (
                    <ReadOnlyValue key={led} label={t(`wizard.labels.${led}`)} value={ledLabel(row.inspection!, led)} />
                  ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </Section>

      <Section section="uploads" onEdit={onEdit}>
        {summary.uploads.length === 0 ? (
          <Text c="dimmed">{t('wizard.summary.noUploads')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {summary.uploads.map((group) => (
              <Stack key={group.type} gap={4} data-testid={`summary-uploads-${group.type}`}>
                <Group gap="xs">
                  <Text fw={600}>{t(`wizard.summary.uploadTypes.${group.type}`)}</Text>
                  <Badge variant="light">{group.files.length}</Badge>
                </Group>
                <List spacing={4} icon={<IconFile size={18} aria-hidden />} center>
                  {group.files.map((file) => (
                    <List.Item key={file.id} style={{ overflowWrap: 'anywhere' }}>
                      {file.name}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Section>

      <Section section="digitalCheck" onEdit={onEdit}>
        <Stack gap="sm">
          {summary.systemChecks.length === 0 ? (
            <Text c="dimmed">{t('wizard.summary.noChecks')}</Text>
          ) : isNarrow ? (
            <Divided items={summary.systemChecks} itemKey={(_, index) => index}>
              {(check) => (
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="summary-check">
                  <ReadOnlyValue label={t('wizard.summary.labels.device')} value={t(`wizard.summary.checkTypes.${check.type}`)} />
                  <ReadOnlyValue label={identifierLabel(check.type)} value={identifierOf(check) ?? none} />
                  <ReadOnlyValue label={t('wizard.summary.labels.createdAt')} value={formatMoment(check.createdAt, locale)} />
                  <ReadOnlyValue label={t('wizard.summary.labels.result')} value={<CheckStatus status={check.status} />} />
                </SimpleGrid>
              )}
            </Divided>
          ) : (
            <ScrollTable minWidth={640} headers={checkColumns}>
              {summary.systemChecks.map((check, index) => (
                <Table.Tr key={index} data-testid="summary-check">
                  <Table.Td>{t(`wizard.summary.checkTypes.${check.type}`)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {identifierLabel(check.type)} {identifierOf(check) ?? none}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(check.createdAt, locale)}</Table.Td>
                  <Table.Td>
                    <CheckStatus status={check.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </ScrollTable>
          )}
          {summary.proceededWithFailedChecks && (
            <Alert color="orange" variant="light" c={WARNING_TEXT_COLOR} icon={<IconAlertTriangle aria-hidden />} data-testid="summary-proceeded-warning">
              <Text inherit>{t('wizard.summary.proceededWarning')}</Text>
              {summary.failedChecksReason && (
                <Text inherit mt={4} style={{ overflowWrap: 'anywhere' }} data-testid="summary-failed-checks-reason">
                  <Text span inherit fw={700}>
                    {t('wizard.summary.labels.failedChecksReason')}:
                  </Text>{' '}
                  {summary.failedChecksReason}
                </Text>
              )}
            </Alert>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
