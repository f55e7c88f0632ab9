import { Table, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { Partner } from '@portal/domain/partner';
import { CardFields, CardList, ListCard } from '@/components/ui/card-list';
import { DataTable, HiddenHeaderCell } from '@/components/ui/data-table';
import { PartnerActions } from './partner-actions';
import classes from './partners-view.module.css';

type PartnersViewProps = {
  partners: readonly Partner[];
  isLoading: boolean;
  /** Cards for phones and portrait tablets, a table otherwise. */
  isNarrow: boolean;
  /** Without a company nothing can be changed. */
  canEdit: boolean;
  onEdit: (partner: Partner) => void;
  onDelete: (partner: Partner) => void;
};

const SKELETON_ROWS = 3;

export function PartnersView({ partners, isLoading, isNarrow, canEdit, onEdit, onDelete }: PartnersViewProps) {
  const { t } = useTranslation();
  const list = {
    label: t('partners.title'),
    isLoading,
    skeletonRows: SKELETON_ROWS,
    isEmpty: partners.length === 0,
    emptyText: t('common.table.empty', { entity: t('partners.entity') }),
    emptyTestId: 'partners-empty',
  };

  if (isNarrow) {
    return (
      <CardList {...list} skeletonHeight={150}>
        {partners.map((partner) => (
          <ListCard key={partner.id} data-testid="partner-row" data-id={partner.id}>
            <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
              {partner.name}
            </Text>
            <CardFields>
              <dt>{t('partners.columns.email')}</dt>
              <dd>{partner.email}</dd>
              <dt>{t('partners.columns.installations')}</dt>
              <dd>{partner.installationCount}</dd>
            </CardFields>
            {canEdit && <PartnerActions partner={partner} onEdit={onEdit} onDelete={onDelete} variant="buttons" />}
          </ListCard>
        ))}
      </CardList>
    );
  }

  const head = (
    <>
      <Table.Th>{t('partners.columns.name')}</Table.Th>
      <Table.Th>{t('partners.columns.email')}</Table.Th>
      <Table.Th ta="end">{t('partners.columns.installations')}</Table.Th>
      <HiddenHeaderCell w={112}>{t('partners.columns.actions')}</HiddenHeaderCell>
    </>
  );

  return (
    <DataTable {...list} head={head} columnCount={4} minWidth={640}>
      {partners.map((partner) => (
        <Table.Tr key={partner.id} data-testid="partner-row" data-id={partner.id}>
          <Table.Td className={classes.name} fw={600}>
            {partner.name}
          </Table.Td>
          <Table.Td className={classes.email}>{partner.email}</Table.Td>
          <Table.Td className={classes.count} ta="end">
            {partner.installationCount}
          </Table.Td>
          <Table.Td>{canEdit && <PartnerActions partner={partner} onEdit={onEdit} onDelete={onDelete} variant="icons" />}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
