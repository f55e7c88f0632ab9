import { useState } from 'react';
import { Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperatorCompany } from '@portal/domain/operator';
import { useOperatorCompanies } from '../api/get-operator-companies';
import { CompanyFormModal } from './company-form-modal';
import { OperatorListPanel } from './operator-list-panel';
import { PeopleCell } from './people-cell';
import { PersonFormModal } from './person-form-modal';

type Editing = { key: number; opened: boolean; company: OperatorCompany | null };

/** Every installer company with its members: create, edit, and add a person. */
export function CompaniesPanel() {
  const { t } = useTranslation();
  const companies = useOperatorCompanies();
  const [editing, setEditing] = useState<Editing>({ key: 0, opened: false, company: null });
  const [adding, setAdding] = useState<{ key: number; company: OperatorCompany | null }>({ key: 0, company: null });

  const openForm = (company: OperatorCompany | null) => setEditing((current) => ({ key: current.key + 1, opened: true, company }));
  const members = (company: OperatorCompany) => <PeopleCell people={company.members} emptyText={t('operator.companies.noMembers')} />;

  return (
    <OperatorListPanel
      query={companies}
      section="companies"
      rowProps={(company) => ({ 'data-testid': 'operator-company-row', 'data-short-name': company.shortName })}
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
        { heading: t('operator.companies.columns.members'), cell: members },
      ]}
      card={(company) => (
        <>
          <div>
            <Text fw={600} size="lg">
              {company.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {company.shortName} · {company.email}
            </Text>
          </div>
          <div>
            <Text size="sm" fw={600}>
              {t('operator.companies.columns.members')}
            </Text>
            {members(company)}
          </div>
        </>
      )}
      skeletonHeight={200}
      onCreate={() => openForm(null)}
      onEdit={openForm}
      action={{
        icon: <IconUserPlus aria-hidden size={18} />,
        label: t('operator.companies.addPerson'),
        ariaLabel: (company) => t('operator.companies.addPersonTo', { name: company.name }),
        testId: 'company-add-person',
        onClick: (company) => setAdding((current) => ({ key: current.key + 1, company })),
      }}
    >
      <CompanyFormModal key={`company-${editing.key}`} opened={editing.opened} company={editing.company} onClose={() => setEditing((current) => ({ ...current, opened: false }))} />
      <PersonFormModal
        key={`person-${adding.key}`}
        opened={adding.company !== null}
        target={adding.company ? { kind: 'company', company: adding.company } : null}
        onClose={() => setAdding((current) => ({ ...current, company: null }))}
      />
    </OperatorListPanel>
  );
}
