import { useState } from 'react';
import { Button, Flex, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { OperatorCompany } from '@portal/domain/operator';
import { CardList, ListCard } from '@/components/ui/card-list';
import { DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { useOperatorCompanies } from '../api/get-operator-companies';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { CompanyFormModal } from './company-form-modal';
import { PeopleCell } from './people-cell';
import { PersonFormModal } from './person-form-modal';

type Editing = { key: number; opened: boolean; company: OperatorCompany | null };

/** Every installer company with its members: create, edit, and add a person. */
export function CompaniesPanel() {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const companies = useOperatorCompanies();
  const [editing, setEditing] = useState<Editing>({ key: 0, opened: false, company: null });
  const [adding, setAdding] = useState<{ key: number; company: OperatorCompany | null }>({ key: 0, company: null });

  const openForm = (company: OperatorCompany | null) => setEditing((current) => ({ key: current.key + 1, opened: true, company }));
  const openAdd = (company: OperatorCompany) => setAdding((current) => ({ key: current.key + 1, company }));
  const items = companies.data ?? [];

  const actions = (company: OperatorCompany, fullWidth: boolean) => (
    // On phones the buttons stack at full width, so long German labels are never cut.
    <Flex gap="xs" direction={fullWidth ? 'column' : 'row'} justify="flex-end" wrap="nowrap">
      <Button variant="light" leftSection={<IconPencil aria-hidden size={18} />} onClick={() => openForm(company)} fullWidth={fullWidth} aria-label={t('operator.companies.editOf', { name: company.name })}>
        {t('operator.edit')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconUserPlus aria-hidden size={18} />}
        onClick={() => openAdd(company)}
        fullWidth={fullWidth}
        aria-label={t('operator.companies.addPersonTo', { name: company.name })}
        data-testid="company-add-person"
      >
        {t('operator.companies.addPerson')}
      </Button>
    </Flex>
  );

  const list = {
    label: t('operator.tabs.companies'),
    isLoading: companies.isPending,
    skeletonRows: 3,
    isEmpty: items.length === 0,
    emptyText: t('common.table.empty', { entity: t('operator.companies.entity') }),
  };

  let body;
  if (companies.isError && !companies.data) {
    body = <LoadError onRetry={() => void companies.refetch()} isRetrying={companies.isFetching} />;
  } else if (isNarrow) {
    body = (
      <CardList {...list} skeletonHeight={200}>
        {items.map((company) => (
          <ListCard key={company.id} data-testid="operator-company-row" data-short-name={company.shortName}>
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
              <PeopleCell people={company.members} emptyText={t('operator.companies.noMembers')} />
            </div>
            {actions(company, true)}
          </ListCard>
        ))}
      </CardList>
    );
  } else {
    const head = (
      <>
        <Table.Th>{t('operator.companies.columns.company')}</Table.Th>
        <Table.Th>{t('operator.companies.columns.shortName')}</Table.Th>
        <Table.Th>{t('operator.companies.columns.members')}</Table.Th>
        <Table.Th>
          <VisuallyHidden>{t('operator.columns.actions')}</VisuallyHidden>
        </Table.Th>
      </>
    );
    body = (
      <DataTable {...list} head={head} columnCount={4} minWidth={860}>
        {items.map((company) => (
          <Table.Tr key={company.id} data-testid="operator-company-row" data-short-name={company.shortName}>
            <Table.Td>
              <Text fw={600}>{company.name}</Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {company.email}
              </Text>
            </Table.Td>
            <Table.Td>{company.shortName}</Table.Td>
            <Table.Td>
              <PeopleCell people={company.members} emptyText={t('operator.companies.noMembers')} />
            </Table.Td>
            <Table.Td w={300}>{actions(company, false)}</Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="md">
        <Text maw={640}>{t('operator.companies.intro')}</Text>
        <Button leftSection={<IconPlus aria-hidden />} onClick={() => openForm(null)} fullWidth={isNarrow} data-testid="company-create">
          {t('operator.companies.create')}
        </Button>
      </Group>
      {body}
      <CompanyFormModal key={`company-${editing.key}`} opened={editing.opened} company={editing.company} onClose={() => setEditing((current) => ({ ...current, opened: false }))} />
      <PersonFormModal
        key={`person-${adding.key}`}
        opened={adding.company !== null}
        target={adding.company ? { kind: 'company', company: adding.company } : null}
        onClose={() => setAdding((current) => ({ ...current, company: null }))}
      />
    </Stack>
  );
}
