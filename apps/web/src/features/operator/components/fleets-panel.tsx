import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperatorFleet } from '@portal/domain/operator';
import { useOperatorCompanies } from '../api/get-operator-companies';
import { useOperatorFleets } from '../api/get-operator-fleets';
import { FleetFormModal } from './fleet-form-modal';
import { OperatorListPanel } from './operator-list-panel';
import { PeopleCell } from './people-cell';
import { PersonFormModal } from './person-form-modal';

type Editing = { key: number; opened: boolean; fleet: OperatorFleet | null };

/** Every fleet with its customer and admins: create, edit, and make someone a fleet's admin. */
export function FleetsPanel() {
  const { t } = useTranslation();
  const fleets = useOperatorFleets();
  const companies = useOperatorCompanies();
  const [editing, setEditing] = useState<Editing>({ key: 0, opened: false, fleet: null });
  const [granting, setGranting] = useState<{ key: number; fleet: OperatorFleet | null }>({ key: 0, fleet: null });

  const openForm = (fleet: OperatorFleet | null) => setEditing((current) => ({ key: current.key + 1, opened: true, fleet }));
  const title = (fleet: OperatorFleet, size?: 'lg') => (
    <>
      <Text fw={600} size={size}>
        {fleet.name}
      </Text>
      <Text size="sm" c="dimmed">
        #/{fleet.slug}
      </Text>
    </>
  );
  const customer = (fleet: OperatorFleet) => (
    <>
      <Text size="sm">{fleet.customerName}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {fleet.primaryContact} · {fleet.email}
      </Text>
    </>
  );
  const admins = (fleet: OperatorFleet) => <PeopleCell people={fleet.admins} emptyText={t('operator.fleets.noAdmin')} />;

  return (
    <OperatorListPanel
      query={fleets}
      section="fleets"
      rowProps={(fleet) => ({ 'data-testid': 'operator-fleet-row', 'data-slug': fleet.slug })}
      columns={[
        { heading: t('operator.fleets.columns.fleet'), cell: (fleet) => title(fleet) },
        { heading: t('operator.fleets.columns.customer'), cell: customer },
        { heading: t('operator.fleets.columns.admins'), cell: admins },
      ]}
      card={(fleet) => (
        <>
          <div>{title(fleet, 'lg')}</div>
          <div>{customer(fleet)}</div>
          <div>
            <Text size="sm" fw={600}>
              {t('operator.fleets.columns.admins')}
            </Text>
            {admins(fleet)}
          </div>
        </>
      )}
      skeletonHeight={220}
      onCreate={() => openForm(null)}
      onEdit={openForm}
      action={{
        icon: <IconUserPlus aria-hidden size={18} />,
        label: t('operator.fleets.makeAdmin'),
        ariaLabel: (fleet) => t('operator.fleets.makeAdminOf', { name: fleet.name }),
        testId: 'fleet-make-admin',
        onClick: (fleet) => setGranting((current) => ({ key: current.key + 1, fleet })),
      }}
    >
      <FleetFormModal key={`fleet-${editing.key}`} opened={editing.opened} fleet={editing.fleet} onClose={() => setEditing((current) => ({ ...current, opened: false }))} />
      <PersonFormModal
        key={`grant-${granting.key}`}
        opened={granting.fleet !== null}
        target={granting.fleet ? { kind: 'fleetAdmin', fleet: granting.fleet, companies: companies.data ?? [] } : null}
        onClose={() => setGranting((current) => ({ ...current, fleet: null }))}
      />
    </OperatorListPanel>
  );
}
