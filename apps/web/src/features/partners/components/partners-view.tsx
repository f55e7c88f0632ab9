import { Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Partner } from '@portal/domain/partner';
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
  const emptyText = t('common.table.empty', { entity: t('partners.entity') });

  if (isNarrow) {
    if (isLoading) {
      return (
        <Stack gap="sm" aria-busy>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <Skeleton key={index} height={150} radius="md" />
          ))}
        </Stack>
      );
    }
    if (partners.length === 0) {
      return (
        <Paper withBorder radius="md" p="lg">
          <Text ta="center" c="dimmed" data-testid="partners-empty">
            {emptyText}
          </Text>
        </Paper>
      );
    }
    return (
      <Stack component="ul" gap="sm" className={classes.list} aria-label={t('partners.title')}>
        {partners.map((partner) => (
          <Paper component="li" key={partner.id} withBorder radius="md" p="md" data-testid="partner-row" data-id={partner.id}>
            <Stack gap="sm">
              <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {partner.name}
              </Text>
              <dl className={classes.fields}>
                <dt>{t('partners.columns.email')}</dt>
                <dd>{partner.email}</dd>
                <dt>{t('partners.columns.installations')}</dt>
                <dd>{partner.installationCount}</dd>
              </dl>
              {canEdit && <PartnerActions partner={partner} onEdit={onEdit} onDelete={onDelete} variant="buttons" />}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  let body;
  if (isLoading) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <Table.Tr key={index}>
        {Array.from({ length: 4 }, (_, cell) => (
          <Table.Td key={cell}>
            <Skeleton height={20} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (partners.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={4}>
          <Text ta="center" c="dimmed" py="lg" data-testid="partners-empty">
            {emptyText}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = partners.map((partner) => (
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
    ));
  }

  return (
    <Paper withBorder radius="md" className={classes.frame}>
      <Table.ScrollContainer minWidth={640} type="native" mb={0}>
        <Table verticalSpacing="sm" aria-label={t('partners.title')} aria-busy={isLoading}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('partners.columns.name')}</Table.Th>
              <Table.Th>{t('partners.columns.email')}</Table.Th>
              <Table.Th ta="end">{t('partners.columns.installations')}</Table.Th>
              <Table.Th w={112}>
                <VisuallyHidden>{t('partners.columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
