import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { InstallationListItem } from '@portal/domain/installation';
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
