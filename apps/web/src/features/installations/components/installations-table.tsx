import { Anchor, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import type { InstallationListItem, InstallationSort } from '@portal/domain/installation';
import { DataTable, HiddenHeaderCell } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format-date';
import type { SortOrder } from '@portal/domain/installation-list';
import { InstallationActions, installationPath } from './installation-actions';
import { installationListFrame, StepReached, VehicleText } from './installation-list-parts';
import { InstallationStatusBadge } from './installation-status-badge';
import classes from './installations-table.module.css';

export type Sorting = { sort: InstallationSort; order: SortOrder; onSort: (column: InstallationSort) => void };

export type InstallationsTableProps = {
  fleet: string;
  items: readonly InstallationListItem[];
  /** No rows yet: show placeholders of this many rows. */
  isLoading: boolean;
  /** Rows of the previous page or search stay visible, dimmed, until the next ones arrive. */
  isUpdating?: boolean;
  skeletonRows: number;
  emptyText: string;
  /** Without it the headers are plain (the home screen's short list). */
  sorting?: Sorting;
  onDelete: (installation: InstallationListItem) => void;
};

const COLUMN_COUNT = 7;

type SortableHeaderProps = {
  column: InstallationSort;
  label: string;
  sorting?: Sorting;
  /** Short labels stay on one line; long ones ('Product serial number') may wrap instead of widening the table. */
  noWrap?: boolean;
};

function SortableHeader({ column, label, sorting, noWrap = false }: SortableHeaderProps) {
  const { t } = useTranslation();
  if (!sorting) return <Table.Th className={noWrap ? classes.nowrap : undefined}>{label}</Table.Th>;
  const isActive = sorting.sort === column;
  const ariaSort = isActive ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !isActive ? IconSelector : sorting.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={ariaSort} p={0}>
      <UnstyledButton
        className={classes.sortButton}
        data-nowrap={noWrap || undefined}
        onClick={() => sorting.onSort(column)}
        title={t('solar.installations.sort.by', { column: label })}
      >
        <span>{label}</span>
        <Icon size={16} aria-hidden style={{ flexShrink: 0, opacity: isActive ? 1 : 0.5 }} />
      </UnstyledButton>
    </Table.Th>
  );
}

/** The wide layout: one row per installation, sortable headers, name and actions pinned while scrolling sideways. */
export function InstallationsTable({ fleet, sorting, onDelete, ...list }: InstallationsTableProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;

  const head = (
    <>
      <SortableHeader column="name" label={t('solar.installations.columns.name')} sorting={sorting} />
      <SortableHeader column="systemSerialNumber" label={t('solar.installations.columns.serialNumber')} sorting={sorting} />
      <Table.Th>{t('solar.installations.columns.vehicle')}</Table.Th>
      <SortableHeader column="startDate" label={t('solar.installations.columns.startDate')} sorting={sorting} noWrap />
      <SortableHeader column="status" label={t('solar.installations.columns.status')} sorting={sorting} noWrap />
      <Table.Th>{t('solar.installations.columns.createdBy')}</Table.Th>
      <HiddenHeaderCell className={classes.stickyEnd} ta="end">{t('solar.installations.columns.actions')}</HiddenHeaderCell>
    </>
  );

  return (
    <DataTable
      {...installationListFrame(t, list)}
      head={head}
      columnCount={COLUMN_COUNT}
      minWidth={900}
      className={classes.table}
    >
      {list.items.map((item) => (
        <Table.Tr key={item.id} data-testid="installation-row" data-id={item.id}>
          <Table.Td className={`${classes.stickyStart} ${classes.name}`}>
            <Anchor component={Link} to={installationPath(fleet, item.id)} fw={600} c="inherit" underline="hover">
              {item.name}
            </Anchor>
          </Table.Td>
          <Table.Td className={classes.serial}>{item.systemSerialNumber}</Table.Td>
          <Table.Td className={classes.vehicle}>
            <VehicleText vehicle={item.vehicle} />
          </Table.Td>
          <Table.Td className={classes.nowrap}>{formatDate(item.startDate, locale)}</Table.Td>
          <Table.Td>
            <InstallationStatusBadge status={item.status} hasFailedChecks={item.proceededWithFailedChecks} />
            {/* As wide as the status badge: "Einrichtung, Schritt 5 von 8" wraps rather than widening the table. */}
            <StepReached step={item.step} maxWidth="9.5rem" />
          </Table.Td>
          <Table.Td className={classes.creator} title={item.createdBy?.email} data-testid="installation-creator">
            {item.createdBy?.name ?? '–'}
          </Table.Td>
          <Table.Td className={classes.stickyEnd}>
            <InstallationActions fleet={fleet} installation={item} onDelete={onDelete} variant="icons" />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
