import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CardFields, CardList, ListCard } from '@/components/ui/card-list';
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

  return (
    <CardList
      label={t('solar.installations.title')}
      isLoading={isLoading}
      isBusy={isUpdating}
      skeletonRows={skeletonRows}
      skeletonHeight={180}
      skeletonTestId="installation-skeleton"
      isEmpty={items.length === 0}
      emptyText={emptyText}
      emptyTestId="installations-empty"
      className={classes.list}
    >
      {items.map((item) => (
        <ListCard key={item.id} data-testid="installation-row" data-id={item.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={installationPath(fleet, item.id)} fw={600} size="lg" c="inherit" underline="hover" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Anchor>
            <InstallationStatusBadge status={item.status} hasFailedChecks={item.proceededWithFailedChecks} />
          </Group>
          <CardFields>
            <dt>{t('solar.installations.columns.serialNumber')}</dt>
            <dd>{item.systemSerialNumber}</dd>
            <dt>{t('solar.installations.columns.vehicle')}</dt>
            <dd>{vehicleLabel(item.vehicle) ?? <span title={t('solar.installations.noVehicle')}>–</span>}</dd>
            <dt>{t('solar.installations.columns.startDate')}</dt>
            <dd>{formatDate(item.startDate, locale)}</dd>
          </CardFields>
          <InstallationActions fleet={fleet} installation={item} onDelete={onDelete} variant="buttons" />
        </ListCard>
      ))}
    </CardList>
  );
}
