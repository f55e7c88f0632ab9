import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { TableScroll } from '@/components/ui/table-scroll';
import { useFormatNumber } from '@/lib/format-number';
import { useOperatorRollout } from '../api/rollout-api';

/** The operator's overview: one row per fleet; a row opens that fleet's rollout read-only. */
export function OperatorRollout() {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const rows = useOperatorRollout();
  if (rows.isPending) return <PageLoader />;
  if (rows.isError) return <LoadError onRetry={() => void rows.refetch()} isRetrying={rows.isFetching} />;
  return (
    <TableScroll minWidth={640}>
      <Table striped withTableBorder data-testid="operator-rollout">
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{t('rollout.operator.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('rollout.operator.fleet')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('rollout.operator.registry')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('rollout.operator.done')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('rollout.operator.thisWeek')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('rollout.operator.failedChecks')}</Table.Th>
            <Table.Th scope="col" ta="right">{t('rollout.operator.stalled')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.data.map((row) => (
            <Table.Tr key={row.slug}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/operator/rollout/${row.slug}`} aria-label={t('rollout.operator.open', { name: row.name })}>
                  {row.name}
                </Anchor>
              </Table.Th>
              <Table.Td ta="right">{format(row.registrySize)}</Table.Td>
              <Table.Td ta="right">
                {format(row.done)}{' '}
                <Text span c="dimmed" size="sm">
                  ({format(row.registrySize ? row.done / row.registrySize : 0, { style: 'percent', maximumFractionDigits: 0 })})
                </Text>
              </Table.Td>
              <Table.Td ta="right">{format(row.completedThisWeek)}</Table.Td>
              <Table.Td ta="right">{format(row.failedChecks)}</Table.Td>
              <Table.Td ta="right">{format(row.stalled)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
