import type { QueryClient } from '@tanstack/react-query';
import type { Fleet } from '@portal/domain/fleet';
import type { CreateInstallation, Installation } from '@portal/domain/installation';
import { fleetKeys, installationKeys } from '@/lib/query-keys';
import { deleteDraft, deleteInstallationDrafts, deletePendingSave, draftKey, readPendingSave, writePendingSave, type InstallationKey, type Refusal } from './draft-storage';

/**
 * A new installation started without a connection: its create waits on the device, and the
 * installer goes on with an installation the device names itself, with a negative id, until the
 * server created it. The saves of its later tabs wait behind the create (see replayPendingSaves).
 */

/** The device's own ids of installations started offline are negative; the server's are not. */
export const isLocalInstallationId = (id: number): boolean => id < 0;

/**
 * The installations started offline in a fleet that the device still holds: those with saves waiting, and
 * those the server refused to create. The newest first (a local id is minus the moment it was started).
 */
export function localInstallationIds(
  waiting: readonly { installation: InstallationKey; fleet: string }[],
  fleet: string,
  refused: readonly Pick<Refusal, 'localId' | 'fleet'>[] = [],
): number[] {
  const ids = new Set<number>();
  for (const { installation, fleet: of } of waiting) if (of === fleet && installation !== 'new' && isLocalInstallationId(installation)) ids.add(installation);
  for (const { localId, fleet: of } of refused) if (of === fleet) ids.add(localId);
  return [...ids].sort((a, b) => a - b);
}

/** The installer gives up an installation started offline: what the device holds of it goes (its saves, drafts, refusal and copy). */
export async function discardLocalInstallation(queryClient: QueryClient, userId: string, localId: number): Promise<void> {
  await deleteInstallationDrafts(userId, localId);
  queryClient.removeQueries({ queryKey: installationKeys.detail(localId), exact: true });
}

/** The version the saves of an installation started offline build on: the create's answer takes its place. */
export const LOCAL_VERSION = 0;

/** The tabs an installation started offline can fill before the server knows its system: the later ones need its registry data. */
export const LOCAL_TABS = ['general', 'customer', 'vehicle'] as const;

function localInstallation(id: number, fleet: string, body: CreateInstallation, customer: Fleet['customer']): Installation {
  const now = new Date().toISOString();
  return {
    id,
    fleet,
    name: body.name,
    systemSerialNumber: body.systemSerialNumber.trim(),
    startDate: body.startDate,
    commissioningDate: null,
    completionDate: null,
    comments: body.comments ?? null,
    status: 'draft',
    customerDataConfirmed: false,
    systemDataConfirmed: false,
    summaryDataConfirmed: false,
    proceededWithFailedChecks: false,
    vehicleId: null,
    partnerId: body.partnerId ?? null,
    vehicle: null,
    system: {
      serialNumber: body.systemSerialNumber.trim(),
      customer,
      pvModuleCount: 0,
      pvModuleVersion: '',
      installedCapacity: 0,
      controllerQuantity: 0,
      chargeControllers: [],
      telematics: [],
    },
    inspections: [],
    version: LOCAL_VERSION,
    createdAt: now,
    updatedAt: now,
    canDelete: false,
  };
}

/**
 * The create of the general tab found no network: it moves from the new installation's place to an
 * installation of its own on the device, which the wizard opens. Null when no create waits.
 */
export async function startOfflineInstallation(queryClient: QueryClient, userId: string, fleet: string): Promise<Installation | null> {
  const newKey = draftKey(userId, 'new', 'general');
  const pending = await readPendingSave(newKey);
  if (!pending || pending.save.endpoint !== 'create') return null;
  const localId = -Date.now();
  await writePendingSave(draftKey(userId, localId, 'general'), { ...pending, installation: localId, localId });
  await Promise.all([deletePendingSave(newKey), deleteDraft(newKey)]);
  const customer = queryClient.getQueryData<Fleet>(fleetKeys.detail(fleet))?.customer ?? { name: '', primaryContact: '', emailAddress: '' };
  const installation = localInstallation(localId, fleet, pending.save.body, customer);
  queryClient.setQueryData(installationKeys.detail(localId), installation);
  return installation;
}
