import { isApiError } from '@/lib/api-error';
import type { TFunction } from '@/lib/i18n';
import type { Refusal } from './draft-storage';

/**
 * The refusals of a new installation's serial number that say more than a field error: where the system is
 * recorded already, or which other fleet it belongs to. Read from a refused request or from a refusal the
 * device kept for an installation started offline (both carry the server's `code` and `details`).
 */
type Refused = { code: string; details?: unknown };

const refusedOf = (error: unknown): Refused | null => {
  if (isApiError(error)) return error;
  const kept = error as Partial<Refused> | null;
  return kept !== null && typeof kept === 'object' && typeof kept.code === 'string' ? { code: kept.code, details: kept.details } : null;
};

export type OtherFleet = { serialNumber: string; fleet: string; fleetName: string };

export function otherFleetOf(error: unknown): OtherFleet | null {
  const refused = refusedOf(error);
  if (refused?.code !== 'SYSTEM_IN_OTHER_FLEET') return null;
  const d = (refused.details ?? {}) as Partial<Record<keyof OtherFleet, unknown>>;
  return typeof d.serialNumber === 'string' && typeof d.fleet === 'string' && typeof d.fleetName === 'string'
    ? { serialNumber: d.serialNumber, fleet: d.fleet, fleetName: d.fleetName }
    : null;
}

/** The server's answer when the serial number already has an installation the installer can open. */
export type ExistingInstallation = { serialNumber: string; installationId: number; installationName: string; status: 'draft' | 'completed'; fleet: string };

export function existingOf(error: unknown): ExistingInstallation | null {
  const refused = refusedOf(error);
  if (refused?.code !== 'SYSTEM_ALREADY_INSTALLED') return null;
  const d = (refused.details ?? {}) as Partial<Record<keyof ExistingInstallation, unknown>>;
  return typeof d.serialNumber === 'string' &&
    typeof d.installationId === 'number' &&
    typeof d.installationName === 'string' &&
    (d.status === 'draft' || d.status === 'completed') &&
    typeof d.fleet === 'string'
    ? { serialNumber: d.serialNumber, installationId: d.installationId, installationName: d.installationName, status: d.status, fleet: d.fleet }
    : null;
}

/** Why an installation started offline was not created, in the installer's language. */
export function refusalText(t: TFunction, refusal: Refusal): string {
  const existing = existingOf(refusal);
  if (existing) return t(existing.status === 'completed' ? 'wizard.general.existing.completed' : 'wizard.general.existing.draft', { serial: existing.serialNumber, name: existing.installationName });
  const other = otherFleetOf(refusal);
  if (other) return t('wizard.offline.device.otherFleet', { serial: other.serialNumber, fleetName: other.fleetName });
  if (refusal.code === 'SYSTEM_NOT_FOUND') return t('solar.errors.formErrors.systemNotFound');
  return t('wizard.offline.device.refusedOther');
}
