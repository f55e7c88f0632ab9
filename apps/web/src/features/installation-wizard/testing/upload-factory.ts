import type { Installation } from '@portal/domain/installation';
import type { Upload } from '@portal/domain/upload';
import { createInstallationWithVehicle } from './installation-factory';

/** A saved upload in the server's shape. */
export function createUpload(overrides: Partial<Upload> = {}): Upload {
  const id = overrides.id ?? 1;
  return {
    id,
    type: 'pvModules',
    format: 'jpg',
    name: `photo-${id}.jpg`,
    sizeKilobytes: 300,
    sha256: id.toString(16).padStart(64, '0'),
    createdAt: '2026-11-20T09:00:00.000Z',
    url: `/api/installations/42/uploads/${id}/file`,
    ...overrides,
  };
}

/** An installation whose setup is recorded, so the uploads tab can be opened. */
export function createInstallationReadyForUploads(overrides: Partial<Installation> = {}): Installation {
  const base = createInstallationWithVehicle();
  return createInstallationWithVehicle({
    system: {
      ...base.system,
      chargeControllers: base.system.chargeControllers.map((c) => ({ ...c, pvModulesCount: 6, activeChannelCount: c.channelCount })),
    },
    inspections: base.system.chargeControllers.map((c) => ({ chargeControllerSerial: c.serialNumber, powerLed: 'constantlyLit', statusLed: 'on', faultLed: 'off' })),
    ...overrides,
  });
}
