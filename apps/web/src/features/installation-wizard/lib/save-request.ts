import type { CreateInstallation, Installation, UpdateInstallation } from '@portal/domain/installation';
import type { InstallationSetup } from '@portal/domain/setup';
import { isApiError } from '@/lib/api-error';
import { createInstallation } from '../api/create-installation';
import { saveSetup } from '../api/save-setup';
import { saveVehicle, type SaveVehicleBody } from '../api/save-vehicle';
import { updateInstallation } from '../api/update-installation';

/** One write of the wizard, as data: it can be kept on the device and sent again as it was. */
export type SaveRequest =
  | { endpoint: 'create'; body: CreateInstallation }
  | { endpoint: 'update'; installationId: number; body: UpdateInstallation }
  | { endpoint: 'vehicle'; installationId: number; body: SaveVehicleBody }
  | { endpoint: 'setup'; installationId: number; body: InstallationSetup };

export type PendingSave = SaveRequest & { idempotencyKey: string };

export function sendSave(save: PendingSave): Promise<Installation> {
  const options = { idempotencyKey: save.idempotencyKey };
  switch (save.endpoint) {
    case 'create':
      return createInstallation(save.body, options);
    case 'update':
      return updateInstallation(save.installationId, save.body, options);
    case 'vehicle':
      return saveVehicle(save.installationId, save.body, options);
    case 'setup':
      return saveSetup(save.installationId, save.body, options);
  }
}

const inFlight = new Map<string, Promise<Installation>>();

/** Sends a save once at a time: a retry started while the same save travels waits for its answer. */
export function sendSaveOnce(save: PendingSave): Promise<Installation> {
  const running = inFlight.get(save.idempotencyKey);
  if (running) return running;
  const request = sendSave(save).finally(() => inFlight.delete(save.idempotencyKey));
  inFlight.set(save.idempotencyKey, request);
  return request;
}

/** The same write based on another version of the installation (after an earlier save of ours went through). */
export function withVersion<T extends SaveRequest>(request: T, version: number): T {
  if (request.endpoint === 'create') return request;
  return { ...request, body: { ...request.body, version } };
}

/** No answer arrived: the save may be sent again as it was once the device is back online. */
export function isOfflineFailure(error: unknown): boolean {
  if (isApiError(error)) return error.isNetworkError;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
