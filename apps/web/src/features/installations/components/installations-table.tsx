import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type InstallationRow = {
  id: number;
  name: string;
  serialNumber: string;
  status: string;
  startDate: string | null;
};

/** The list of a fleet's installations; rows arrive once installations can be recorded. */
export function InstallationsTable({ rows }: { rows: readonly InstallationRow[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="md" highlightOnHover={rows.length > 0} aria-label={t('solar.installations.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('solar.installations.columns.name')}</Table.Th>
            <Table.Th>{t('solar.installations.columns.serialNumber')}</Table.Th>
            <Table.Th>{t('solar.installations.columns.status')}</Table.Th>
            <Table.Th>{t('solar.installations.columns.startDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text ta="center" c="dimmed" py="lg" data-testid="installations-empty">
                  {t('common.table.empty', { entity: t('solar.installations.entity') })}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.serialNumber}</Table.Td>
                <Table.Td>{row.status}</Table.Td>
                <Table.Td>{row.startDate ?? ''}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
