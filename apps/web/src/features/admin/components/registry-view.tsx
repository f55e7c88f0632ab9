import { Fragment, useState } from 'react';
import { ActionIcon, Button, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { CardFields, CardList, ListCard } from '@/components/ui/card-list';
import { DataTable, HiddenHeaderCell } from '@/components/ui/data-table';
import { useFormatNumber } from '@/lib/format-number';
import type { RegistrySystem } from '../api/get-registry';
import { SystemDevices } from './system-devices';
import classes from './registry.module.css';

type RegistryViewProps = {
  systems: readonly RegistrySystem[];
  isLoading: boolean;
  /** Rows of the previous page or search stay visible, dimmed, until the next ones arrive. */
  isUpdating: boolean;
  isNarrow: boolean;
  emptyText: string;
  skeletonRows: number;
};

const COLUMN_COUNT = 6;

function useExpanded() {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (serial: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(serial)) next.delete(serial);
      else next.add(serial);
      return next;
    });
  return [expanded, toggle] as const;
}

const detailsId = (serial: string) => `system-devices-${serial.replace(/[^\w-]/g, '_')}`;

/** The product registry: a table whose rows open to show the devices, or cards on narrow screens. */
export function RegistryView({ systems, isLoading, isUpdating, isNarrow, emptyText, skeletonRows }: RegistryViewProps) {
  const { t } = useTranslation();
  const [expanded, toggle] = useExpanded();
  const formatNumber = useFormatNumber();
  const pvModules = (system: RegistrySystem) => t('admin.registry.pvModules', { modules: system.pvModuleCount, version: system.pvModuleVersion });
  const capacity = (system: RegistrySystem) => t('admin.registry.wattPeak', { value: formatNumber(system.installedCapacity) });
  const controllers = (system: RegistrySystem) =>
    `${system.chargeControllers.length} (${system.chargeControllers.map((controller) => controller.type).join(', ')})`;
  const imeis = (system: RegistrySystem) => system.telematics.map((unit) => unit.imei).join(', ') || '–';
  // The card's button and the table's chevron open the same list of devices.
  const toggleProps = (serial: string, isOpen: boolean) => ({
    onClick: () => toggle(serial),
    'aria-expanded': isOpen,
    'aria-controls': detailsId(serial),
    'aria-label': t(isOpen ? 'admin.registry.hideDevices' : 'admin.registry.showDevices', { serial }),
  });

  const list = {
    label: t('admin.tabs.registry'),
    isLoading,
    isBusy: isUpdating,
    skeletonRows,
    isEmpty: systems.length === 0,
    emptyText,
    emptyTestId: 'registry-empty',
  };

  if (isNarrow) {
    return (
      <CardList {...list} skeletonHeight={170} className={classes.list}>
        {systems.map((system) => {
          const isOpen = expanded.has(system.serialNumber);
          return (
            <ListCard key={system.serialNumber} data-testid="registry-row" data-serial={system.serialNumber}>
              <Text fw={700} size="lg" className={classes.mono}>
                {system.serialNumber}
              </Text>
              <CardFields>
                <dt>{t('admin.registry.columns.pvModules')}</dt>
                <dd>{pvModules(system)}</dd>
                <dt>{t('admin.registry.columns.installedCapacity')}</dt>
                <dd>{capacity(system)}</dd>
                <dt>{t('admin.registry.columns.controllers')}</dt>
                <dd>{controllers(system)}</dd>
                <dt>{t('admin.registry.columns.telematics')}</dt>
                <dd className={classes.mono}>{imeis(system)}</dd>
              </CardFields>
              <Button
                variant="light"
                {...toggleProps(system.serialNumber, isOpen)}
                rightSection={isOpen ? <IconChevronUp aria-hidden /> : <IconChevronDown aria-hidden />}
              >
                {t('admin.registry.devices')}
              </Button>
              {isOpen && (
                <div id={detailsId(system.serialNumber)}>
                  <SystemDevices system={system} variant="list" />
                </div>
              )}
            </ListCard>
          );
        })}
      </CardList>
    );
  }

  const head = (
    <>
      <HiddenHeaderCell className={classes.toggleCell}>{t('admin.registry.columns.details')}</HiddenHeaderCell>
      <Table.Th>{t('admin.registry.columns.serialNumber')}</Table.Th>
      <Table.Th>{t('admin.registry.columns.pvModules')}</Table.Th>
      <Table.Th ta="end">{t('admin.registry.columns.installedCapacity')}</Table.Th>
      <Table.Th>{t('admin.registry.columns.controllers')}</Table.Th>
      <Table.Th>{t('admin.registry.columns.telematics')}</Table.Th>
    </>
  );

  return (
    <DataTable {...list} head={head} columnCount={COLUMN_COUNT} minWidth={800} className={classes.table}>
      {systems.map((system) => {
        const isOpen = expanded.has(system.serialNumber);
        return (
          <Fragment key={system.serialNumber}>
            <Table.Tr data-testid="registry-row" data-serial={system.serialNumber} className={isOpen ? classes.expanded : undefined}>
              <Table.Td className={classes.toggleCell} py={4}>
                <ActionIcon
                  variant="subtle"
                  {...toggleProps(system.serialNumber, isOpen)}
                >
                  {isOpen ? <IconChevronDown aria-hidden /> : <IconChevronRight aria-hidden />}
                </ActionIcon>
              </Table.Td>
              <Table.Td className={`${classes.serial} ${classes.mono}`}>{system.serialNumber}</Table.Td>
              <Table.Td>{pvModules(system)}</Table.Td>
              <Table.Td className={classes.nowrap} ta="end">
                {capacity(system)}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{controllers(system)}</Table.Td>
              <Table.Td className={classes.mono}>{imeis(system)}</Table.Td>
            </Table.Tr>
            {isOpen && (
              <Table.Tr className={classes.details} id={detailsId(system.serialNumber)}>
                <Table.Td colSpan={COLUMN_COUNT} px="md" py="md">
                  <SystemDevices system={system} variant="tables" />
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </DataTable>
  );
}
