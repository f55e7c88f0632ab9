import { useState } from 'react';
import { Button, Flex, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperatorFleet } from '@portal/domain/operator';
import { CardList, ListCard } from '@/components/ui/card-list';
import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { useOperatorCompanies } from '../api/get-operator-companies';
import { useOperatorFleets } from '../api/get-operator-fleets';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { FleetFormModal } from './fleet-form-modal';
import { PeopleCell } from './people-cell';
import { PersonFormModal } from './person-form-modal';

type Editing = { key: number; opened: boolean; fleet: OperatorFleet | null };

/** Every fleet with its customer and admins: create, edit, and make someone a fleet's admin. */
export function FleetsPanel() {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const fleets = useOperatorFleets();
  const companies = useOperatorCompanies();
  const [editing, setEditing] = useState<Editing>({ key: 0, opened: false, fleet: null });
  const [granting, setGranting] = useState<{ key: number; fleet: OperatorFleet | null }>({ key: 0, fleet: null });

  const openForm = (fleet: OperatorFleet | null) => setEditing((current) => ({ key: current.key + 1, opened: true, fleet }));
  const openGrant = (fleet: OperatorFleet) => setGranting((current) => ({ key: current.key + 1, fleet }));
  const items = fleets.data ?? [];

  const actions = (fleet: OperatorFleet, fullWidth: boolean) => (
    // On phones the buttons stack at full width, so long German labels are never cut.
    <Flex gap="xs" direction={fullWidth ? 'column' : 'row'} justify="flex-end" wrap="nowrap">
      <Button variant="light" leftSection={<IconPencil aria-hidden size={18} />} onClick={() => openForm(fleet)} fullWidth={fullWidth} aria-label={t('operator.fleets.editOf', { name: fleet.name })}>
        {t('operator.edit')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconUserPlus aria-hidden size={18} />}
        onClick={() => openGrant(fleet)}
        fullWidth={fullWidth}
        aria-label={t('operator.fleets.makeAdminOf', { name: fleet.name })}
        data-testid="fleet-make-admin"
      >
        {t('operator.fleets.makeAdmin')}
      </Button>
    </Flex>
  );

  const list = {
    label: t('operator.tabs.fleets'),
    isLoading: fleets.isPending,
    skeletonRows: 3,
    isEmpty: items.length === 0,
    emptyText: t('common.table.empty', { entity: t('operator.fleets.entity') }),
  };

  let body;
  if (fleets.isError && !fleets.data) {
    body = <LoadError onRetry={() => void fleets.refetch()} isRetrying={fleets.isFetching} />;
  } else if (isNarrow) {
    body = (
      <CardList {...list} skeletonHeight={220}>
        {items.map((fleet) => (
          <ListCard key={fleet.id} data-testid="operator-fleet-row" data-slug={fleet.slug}>
            <div>
              <Text fw={600} size="lg">
                {fleet.name}
              </Text>
              <Text size="sm" c="dimmed">
                #/{fleet.slug}
              </Text>
            </div>
            <div>
              <Text size="sm">{fleet.customerName}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {fleet.primaryContact} · {fleet.email}
              </Text>
            </div>
            <div>
              <Text size="sm" fw={600}>
                {t('operator.fleets.columns.admins')}
              </Text>
              <PeopleCell people={fleet.admins} emptyText={t('operator.fleets.noAdmin')} />
            </div>
            {actions(fleet, true)}
          </ListCard>
        ))}
      </CardList>
    );
  } else {
    const head = (
      <>
        <Table.Th>{t('operator.fleets.columns.fleet')}</Table.Th>
        <Table.Th>{t('operator.fleets.columns.customer')}</Table.Th>
        <Table.Th>{t('operator.fleets.columns.admins')}</Table.Th>
        <Table.Th>
          <VisuallyHidden>{t('operator.columns.actions')}</VisuallyHidden>
        </Table.Th>
      </>
    );
    body = (
      <DataTable {...list} head={head} columnCount={4} minWidth={860}>
        {items.map((fleet) => (
          <Table.Tr key={fleet.id} data-testid="operator-fleet-row" data-slug={fleet.slug}>
            <Table.Td>
              <Text fw={600}>{fleet.name}</Text>
              <Text size="sm" c="dimmed">
                #/{fleet.slug}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{fleet.customerName}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {fleet.primaryContact} · {fleet.email}
              </Text>
            </Table.Td>
            <Table.Td>
              <PeopleCell people={fleet.admins} emptyText={t('operator.fleets.noAdmin')} />
            </Table.Td>
            <Table.Td w={300}>{actions(fleet, false)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw={640}>{t('operator.fleets.intro')}</Text>
        <Button leftSection={<IconPlus aria-hidden />} onClick={() => openForm(null)} fullWidth={isNarrow} data-testid="fleet-create">
          {t('operator.fleets.create')}
        </Button>
      </Group>
      {body}
      <FleetFormModal key={`fleet-${editing.key}`} opened={editing.opened} fleet={editing.fleet} onClose={() => setEditing((current) => ({ ...current, opened: false }))} />
      <PersonFormModal
        key={`grant-${granting.key}`}
        opened={granting.fleet !== null}
        target={granting.fleet ? { kind: 'fleetAdmin', fleet: granting.fleet, companies: companies.data ?? [] } : null}
        onClose={() => setGranting((current) => ({ ...current, fleet: null }))}
      />
    </Stack>
  );
}
