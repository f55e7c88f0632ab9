import { Anchor, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format-date';
import { vehicleLabel } from '../lib/vehicle-label';
import { InstallationActions, installationPath } from './installation-actions';
import { InstallationStatusBadge } from './installation-status-badge';
import type { InstallationsTableProps } from './installations-table';
import classes from './installation-cards.module.css';

type InstallationCardsProps = Omit<InstallationsTableProps, 'sorting'>;

/** The narrow layout (phones, portrait tablets): one card per installation with large buttons. */
export function InstallationCards({ fleet, items, isLoading, isUpdating = false, skeletonRows, emptyText, onDelete }: InstallationCardsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';

  if (isLoading) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton key={index} height={180} radius="md" data-testid="installation-skeleton" />
        ))}
      </Stack>
    );
  }

  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text ta="center" c="dimmed" data-testid="installations-empty">
          {emptyText}
        </Text>
      </Paper>
    );
  }

  return (
    <Stack component="ul" gap="sm" className={classes.list} aria-label={t('solar.installations.title')} aria-busy={isUpdating}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" p="md" data-testid="installation-row" data-id={item.id}>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Anchor component={Link} to={installationPath(fleet, item.id)} fw={600} size="lg" c="inherit" underline="hover" style={{ overflowWrap: 'anywhere' }}>
                {item.name}
              </Anchor>
              <InstallationStatusBadge status={item.status} />
            </Group>
            <dl className={classes.fields}>
              <dt>{t('solar.installations.columns.serialNumber')}</dt>
              <dd>{item.systemSerialNumber}</dd>
              <dt>{t('solar.installations.columns.vehicle')}</dt>
              <dd>{vehicleLabel(item.vehicle) ?? <span title={t('solar.installations.noVehicle')}>–</span>}</dd>
              <dt>{t('solar.installations.columns.startDate')}</dt>
              <dd>{formatDate(item.startDate, locale)}</dd>
            </dl>
            <InstallationActions fleet={fleet} installation={item} onDelete={onDelete} variant="buttons" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
