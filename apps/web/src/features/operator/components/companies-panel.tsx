import { Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { OperatorCompany } from '@portal/domain/operator';
import { useDialog } from '@/lib/use-dialog';
import { useOperatorCompanies } from '../api/get-operator-companies';
import { CompanyFormModal } from './company-form-modal';
import { OperatorListPanel } from './operator-list-panel';
import { PersonFormModal } from './person-form-modal';

/** Every installer company with its members: create, edit, and add a person. */
export function CompaniesPanel() {
  const { t } = useTranslation();
  const companies = useOperatorCompanies();
  const editing = useDialog<OperatorCompany>();
  const adding = useDialog<OperatorCompany>();

  return (
    <OperatorListPanel
      query={companies}
      section="companies"
      rowData={(company) => ({ 'data-short-name': company.shortName })}
      columns={[
        {
          heading: t('operator.companies.columns.company'),
          cell: (company) => (
            <>
              <Text fw={600}>{company.name}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {company.email}
              </Text>
            </>
          ),
        },
        { heading: t('operator.companies.columns.shortName'), cell: (company) => company.shortName },
      ]}
      card={(company) => (
        <div>
          <Text fw={600} size="lg">
            {company.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {company.shortName} · {company.email}
          </Text>
        </div>
      )}
      people={{ heading: t('operator.companies.columns.members'), of: (company) => company.members, emptyText: t('operator.companies.noMembers') }}
      skeletonHeight={200}
      form={editing}
      action={{ label: t('operator.companies.addPerson'), ariaLabel: (company) => t('operator.companies.addPersonTo', { name: company.name }), testId: 'company-add-person', onClick: adding.open }}
    >
      <CompanyFormModal key={`company-${editing.key}`} opened={editing.opened} company={editing.item} onClose={editing.close} />
      <PersonFormModal key={`person-${adding.key}`} opened={adding.opened} target={adding.opened && adding.item ? { kind: 'company', company: adding.item } : null} onClose={adding.close} />
    </OperatorListPanel>
  );
}
