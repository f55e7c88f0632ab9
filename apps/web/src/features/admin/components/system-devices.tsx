import type { ReactNode } from 'react';
import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { RegistrySystem } from '../api/get-registry';
import { CardFields } from '@/components/ui/card-list';
import classes from './registry.module.css';

type SystemDevicesProps = {
  system: RegistrySystem;
  /** 'tables' beside each other in the wide table, 'list' of small blocks in the narrow cards. */
  variant: 'tables' | 'list';
};

/** The charge controllers and telematics units of one system. */
export function SystemDevices({ system, variant }: SystemDevicesProps) {
  const { t } = useTranslation();

  if (variant === 'list') {
    return (
      <Stack gap="md" data-testid="system-devices">
        <DeviceGroup title={t('admin.registry.controllersTitle')} titleGap={4} isEmpty={system.chargeControllers.length === 0}>
          {system.chargeControllers.map((controller) => (
            <CardFields key={controller.serialNumber} className={classes.deviceFields}>
              <dt>{t('admin.registry.controller.serialNumber')}</dt>
              <dd>
                <Group gap={6} wrap="nowrap" component="span">
                  <span className={classes.mono}>{controller.serialNumber}</span>
                  <Badge variant="light" size="sm">
                    {controller.type}
                  </Badge>
                </Group>
              </dd>
              <dt>{t('admin.registry.controller.hardwareVersion')}</dt>
              <dd>{controller.hardwareVersion}</dd>
              <dt>{t('admin.registry.controller.firmwareVersion')}</dt>
              <dd>{controller.firmwareVersion}</dd>
            </CardFields>
          ))}
        </DeviceGroup>
        <DeviceGroup title={t('admin.registry.telematicsTitle')} titleGap={4} isEmpty={system.telematics.length === 0}>
          {system.telematics.map((unit) => (
            <CardFields key={unit.imei} className={classes.deviceFields}>
              <dt>{t('admin.registry.telematics.unit')}</dt>
              <dd>{unit.unit}</dd>
              <dt>{t('admin.registry.telematics.imei')}</dt>
              <dd className={classes.mono}>{unit.imei}</dd>
              <dt>{t('admin.registry.telematics.iccid')}</dt>
              <dd className={classes.mono}>{unit.iccid}</dd>
            </CardFields>
          ))}
        </DeviceGroup>
      </Stack>
    );
  }

  const controllerColumns: DeviceColumn<ChargeController>[] = [
    { heading: t('admin.registry.controller.serialNumber'), cell: (controller) => controller.serialNumber, isCode: true },
    { heading: t('admin.registry.controller.type'), cell: (controller) => controller.type },
    { heading: t('admin.registry.controller.hardwareVersion'), cell: (controller) => controller.hardwareVersion },
    { heading: t('admin.registry.controller.firmwareVersion'), cell: (controller) => controller.firmwareVersion },
  ];
  const telematicsColumns: DeviceColumn<TelematicsUnit>[] = [
    { heading: t('admin.registry.telematics.unit'), cell: (unit) => unit.unit },
    { heading: t('admin.registry.telematics.imei'), cell: (unit) => unit.imei, isCode: true },
    { heading: t('admin.registry.telematics.iccid'), cell: (unit) => unit.iccid, isCode: true },
  ];

  return (
    <div className={classes.devicesGrid} data-testid="system-devices">
      <DeviceGroup title={t('admin.registry.controllersTitle')} titleGap="xs" isEmpty={system.chargeControllers.length === 0}>
        <DeviceTable items={system.chargeControllers} itemKey={(controller) => controller.serialNumber} columns={controllerColumns} />
      </DeviceGroup>
      <DeviceGroup title={t('admin.registry.telematicsTitle')} titleGap="xs" isEmpty={system.telematics.length === 0}>
        <DeviceTable items={system.telematics} itemKey={(unit) => unit.imei} columns={telematicsColumns} />
      </DeviceGroup>
    </div>
  );
}

type DeviceGroupProps = { title: string; titleGap: 4 | 'xs'; isEmpty: boolean; children: ReactNode };

/** One kind of device under its heading, or 'none'. */
function DeviceGroup({ title, titleGap, isEmpty, children }: DeviceGroupProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={3} size="h5" mb={titleGap}>
        {title}
      </Title>
      {isEmpty ? (
        <Text size="sm" c="dimmed">
          {t('admin.registry.none')}
        </Text>
      ) : (
        children
      )}
    </div>
  );
}

type ChargeController = RegistrySystem['chargeControllers'][number];
type TelematicsUnit = RegistrySystem['telematics'][number];

/** A column of a device table; codes (serial numbers, IMEI, ICCID) are set in a monospace font on one line. */
type DeviceColumn<T> = { heading: string; cell: (item: T) => ReactNode; isCode?: boolean };

type DeviceTableProps<T> = { items: readonly T[]; itemKey: (item: T) => string; columns: DeviceColumn<T>[] };

/** One kind of device of a system, a row each. */
function DeviceTable<T>({ items, itemKey, columns }: DeviceTableProps<T>) {
  return (
    <Table withTableBorder verticalSpacing={6} fz="sm" className={classes.devices}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.heading}>{column.heading}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={itemKey(item)}>
            {columns.map((column) => (
              <Table.Td key={column.heading} className={column.isCode ? `${classes.mono} ${classes.nowrap}` : undefined}>
                {column.cell(item)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
