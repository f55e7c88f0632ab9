import { Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { OperatorFleet } from '@portal/domain/operator';
import { useDialog } from '@/lib/use-dialog';
import { useOperatorCompanies } from '../api/get-operator-companies';
import { useOperatorFleets } from '../api/get-operator-fleets';
import { FleetFormModal } from './fleet-form-modal';
import { OperatorListPanel } from './operator-list-panel';
import { PersonFormModal } from './person-form-modal';

/** Every fleet with its customer and admins: create, edit, and make someone a fleet's admin. */
export function FleetsPanel() {
  const { t } = useTranslation();
  const fleets = useOperatorFleets();
  const companies = useOperatorCompanies();
  const editing = useDialog<OperatorFleet>();
  const granting = useDialog<OperatorFleet>();

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

  return (
    <OperatorListPanel
      query={fleets}
      section="fleets"
      rowData={(fleet) => ({ 'data-slug': fleet.slug })}
      columns={[
        { heading: t('operator.fleets.columns.fleet'), cell: (fleet) => title(fleet) },
        { heading: t('operator.fleets.columns.customer'), cell: customer },
      ]}
      card={(fleet) => (
        <>
          <div>{title(fleet, 'lg')}</div>
          <div>{customer(fleet)}</div>
        </>
      )}
      people={{ heading: t('operator.fleets.columns.admins'), of: (fleet) => fleet.admins, emptyText: t('operator.fleets.noAdmin') }}
      skeletonHeight={220}
      form={editing}
      action={{ label: t('operator.fleets.makeAdmin'), ariaLabel: (fleet) => t('operator.fleets.makeAdminOf', { name: fleet.name }), testId: 'fleet-make-admin', onClick: granting.open }}
    >
      <FleetFormModal key={`fleet-${editing.key}`} opened={editing.opened} fleet={editing.item} onClose={editing.close} />
      <PersonFormModal
        key={`grant-${granting.key}`}
        opened={granting.opened}
        target={granting.opened && granting.item ? { kind: 'fleetAdmin', fleet: granting.item, companies: companies.data ?? [] } : null}
        onClose={granting.close}
      />
    </OperatorListPanel>
  );
}
