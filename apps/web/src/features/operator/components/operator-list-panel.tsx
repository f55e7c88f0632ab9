import type { ReactNode } from 'react';
import { Button, Flex, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconUserPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { Person } from '@portal/domain/operator';
import { CardList, ListCard } from '@/components/ui/card-list';
import { DataTable, HiddenHeaderCell } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import type { Dialog } from '@/lib/use-dialog';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { PeopleCell, PeopleOnCard } from './people-cell';

type Row = { id: number; name: string };

export type OperatorListPanelProps<T extends Row> = {
  query: UseQueryResult<T[]>;
  /** The operator's section: `companies` or `fleets` (its texts live under `operator.{section}`). */
  section: 'companies' | 'fleets';
  /** A row's data attributes besides its test id (`operator-company-row`, `operator-fleet-row`), the same in the table and on the phone's cards. */
  rowData: (item: T) => Record<`data-${string}`, string>;
  /** The table's columns before the people and the actions: heading and cell. */
  columns: { heading: string; cell: (item: T) => ReactNode }[];
  /** What a phone's card shows above the people. */
  card: (item: T) => ReactNode;
  /** The people of a row (members, admins): the last column, and on a card under their heading above the actions. */
  people: { heading: string; of: (item: T) => readonly Person[]; emptyText: string };
  skeletonHeight: number;
  /** The create-and-edit dialog: Create opens it empty, Edit with the row's record. */
  form: Dialog<T>;
  /** The second action of every row, giving someone a place (add a person, make someone admin). */
  action: { label: string; ariaLabel: (item: T) => string; testId: string; onClick: (item: T) => void };
  /** The dialogs the actions open. */
  children: ReactNode;
};

/** A list of the operator's area: a table on wide screens, cards on phones, create, edit and one more action. */
export function OperatorListPanel<T extends Row>({ query, section, rowData, columns: ownColumns, card, people, skeletonHeight, form, action, children }: OperatorListPanelProps<T>) {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const items = query.data ?? [];
  const entity = section === 'companies' ? 'company' : 'fleet';
  const rowProps = (item: T) => ({ 'data-testid': `operator-${entity}-row`, ...rowData(item) });
  const columns = [...ownColumns, { heading: people.heading, cell: (item: T) => <PeopleCell people={people.of(item)} emptyText={people.emptyText} /> }];

  const actions = (item: T, fullWidth: boolean) => (
    // On phones the buttons stack at full width, so long German labels are never cut.
    <Flex gap="xs" direction={fullWidth ? 'column' : 'row'} justify="flex-end" wrap="nowrap">
      <Button variant="light" leftSection={<IconPencil aria-hidden size={18} />} onClick={() => form.open(item)} fullWidth={fullWidth} aria-label={t(`operator.${section}.editOf`, { name: item.name })}>
        {t('operator.edit')}
      </Button>
      <Button variant="light" leftSection={<IconUserPlus aria-hidden size={18} />} onClick={() => action.onClick(item)} fullWidth={fullWidth} aria-label={action.ariaLabel(item)} data-testid={action.testId}>
        {action.label}
      </Button>
    </Flex>
  );

  const list = {
    label: t(`operator.tabs.${section}`),
    isLoading: query.isPending,
    skeletonRows: 3,
    isEmpty: items.length === 0,
    emptyText: t('common.table.empty', { entity: t(`operator.${section}.entity`) }),
  };

  let body;
  if (query.isError && !query.data) {
    body = <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  } else if (isNarrow) {
    body = (
      <CardList {...list} skeletonHeight={skeletonHeight}>
        {items.map((item) => (
          <ListCard key={item.id} {...rowProps(item)}>
            {card(item)}
            <PeopleOnCard heading={people.heading} people={people.of(item)} emptyText={people.emptyText} />
            {actions(item, true)}
          </ListCard>
        ))}
      </CardList>
    );
  } else {
    const head = (
      <>
        {columns.map((column) => (
          <Table.Th key={column.heading}>{column.heading}</Table.Th>
        ))}
        <HiddenHeaderCell>{t('operator.columns.actions')}</HiddenHeaderCell>
      </>
    );
    body = (
      <DataTable {...list} head={head} columnCount={columns.length + 1} minWidth={860}>
        {items.map((item) => (
          <Table.Tr key={item.id} {...rowProps(item)}>
            {columns.map((column) => (
              <Table.Td key={column.heading}>{column.cell(item)}</Table.Td>
            ))}
            <Table.Td w={300}>{actions(item, false)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw={640}>{t(`operator.${section}.intro`)}</Text>
        <Button leftSection={<IconPlus aria-hidden />} onClick={() => form.open(null)} fullWidth={isNarrow} data-testid={`${entity}-create`}>
          {t(`operator.${section}.create`)}
        </Button>
      </Group>
      {body}
      {children}
    </Stack>
  );
}
