import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { CardFields, CardList, ListCard } from '@/components/ui/card-list';
import { formatDate } from '@/lib/format-date';
import { InstallationActions, installationPath } from './installation-actions';
import { installationListFrame, StepReached, VehicleText } from './installation-list-parts';
import { InstallationStatusBadge } from './installation-status-badge';
import type { InstallationsTableProps } from './installations-table';
import classes from './installation-cards.module.css';

type InstallationCardsProps = Omit<InstallationsTableProps, 'sorting'>;

/** The narrow layout (phones, portrait tablets): one card per installation with large buttons. */
export function InstallationCards({ fleet, onDelete, ...list }: InstallationCardsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;

  return (
    <CardList
      {...installationListFrame(t, list)}
      skeletonHeight={180}
      className={classes.list}
    >
      {list.items.map((item) => (
        <ListCard key={item.id} data-testid="installation-row" data-id={item.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={installationPath(fleet, item.id)} fw={600} size="lg" c="inherit" underline="hover" style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Anchor>
            <InstallationStatusBadge status={item.status} hasFailedChecks={item.proceededWithFailedChecks} />
          </Group>
          <StepReached step={item.step} />
          <CardFields>
            <dt>{t('solar.installations.columns.serialNumber')}</dt>
            <dd>{item.systemSerialNumber}</dd>
            <dt>{t('solar.installations.columns.vehicle')}</dt>
            <dd>
              <VehicleText vehicle={item.vehicle} />
            </dd>
            <dt>{t('solar.installations.columns.startDate')}</dt>
            <dd>{formatDate(item.startDate, locale)}</dd>
            <dt>{t('solar.installations.columns.createdBy')}</dt>
            <dd title={item.createdBy?.email} data-testid="installation-creator">
              {item.createdBy?.name ?? '–'}
            </dd>
          </CardFields>
          <InstallationActions fleet={fleet} installation={item} onDelete={onDelete} variant="buttons" />
        </ListCard>
      ))}
    </CardList>
  );
}
