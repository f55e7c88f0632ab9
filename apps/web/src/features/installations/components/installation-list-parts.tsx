import type { TFunction } from '@/lib/i18n';
import { Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { InstallationListItem } from '@portal/domain/installation';
import { stepPosition } from '@portal/domain/installation-rules';
import { vehicleLabel } from '../lib/vehicle-label';
import type { InstallationsTableProps } from './installations-table';

type FrameInput = Pick<InstallationsTableProps, 'items' | 'isLoading' | 'isUpdating' | 'skeletonRows' | 'emptyText'>;

/** What the table and the cards show alike around the installations: name, placeholders, busy and empty states. */
export function installationListFrame(t: TFunction, { items, isLoading, isUpdating = false, skeletonRows, emptyText }: FrameInput) {
  return {
    label: t('solar.installations.title'),
    isLoading,
    isBusy: isUpdating,
    skeletonRows,
    skeletonTestId: 'installation-skeleton',
    isEmpty: items.length === 0,
    emptyText,
    emptyTestId: 'installations-empty',
  };
}

/** The vehicle of an installation, or a dash that says there is none yet. */
export function VehicleText({ vehicle }: { vehicle: InstallationListItem['vehicle'] }) {
  const { t } = useTranslation();
  return vehicleLabel(vehicle) ?? <span title={t('solar.installations.noVehicle')}>–</span>;
}

/** How far a draft got: "Uploads, 6 of 8". Nothing for a completed installation. `maxWidth` lets a table column wrap it. */
export function StepReached({ step, maxWidth }: { step: InstallationListItem['step'] | undefined; maxWidth?: string }) {
  const { t } = useTranslation();
  if (!step) return null;
  const { position, total } = stepPosition(step);
  return (
    <Text size="sm" c="dimmed" maw={maxWidth} title={t('solar.installations.stepReachedLabel')} data-testid="installation-step">
      {t('solar.installations.stepReached', { step: t(`solar.installation.tabs.${step}`), position, total })}
    </Text>
  );
}
