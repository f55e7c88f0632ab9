import type { Installation } from '../installation';
import { createVehicle } from './vehicle';

/** An installation of SN-DEMO-0001 (the demo seed) in the server's answer shape. */
export function createInstallation(overrides: Partial<Installation> = {}): Installation {
  return {
    id: 42,
    fleet: 'sono',
    name: 'Bus 12',
    systemSerialNumber: 'SN-DEMO-0001',
    startDate: '2026-11-20',
    commissioningDate: null,
    completionDate: null,
    comments: null,
    status: 'draft',
    customerDataConfirmed: false,
    systemDataConfirmed: false,
    summaryDataConfirmed: false,
    proceededWithFailedChecks: false,
    vehicleId: null,
    partnerId: null,
    vehicle: null,
    system: {
      serialNumber: 'SN-DEMO-0001',
      customer: { name: 'Sono Motors GmbH', primaryContact: 'Laurin Hahn', emailAddress: 'fleet@sonomotors.example' },
      pvModuleCount: 12,
      pvModuleVersion: 'SBS-M 2.1',
      installedCapacity: 1440,
      controllerQuantity: 2,
      chargeControllers: [
        { id: 1, serialNumber: 'CC-DEMO-0001-A', type: 'HV', hardwareVersion: 'HW 3.2', firmwareVersion: '1.8.3', channelCount: 7, pvModulesCount: null, activeChannelCount: null },
        { id: 2, serialNumber: 'CC-DEMO-0001-B', type: 'LV', hardwareVersion: 'HW 2.4', firmwareVersion: '1.8.3', channelCount: 8, pvModulesCount: null, activeChannelCount: null },
      ],
      telematics: [{ unit: 'TCU-4G v3', imei: '356938035643801', iccid: '8949226000000000011' }],
    },
    inspections: [],
    version: 3,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    canDelete: true,
    ...overrides,
  };
}

/** An installation whose customer is confirmed and whose vehicle is recorded. */
export function createInstallationWithVehicle(overrides: Partial<Installation> = {}): Installation {
  const vehicle = createVehicle();
  return createInstallation({ customerDataConfirmed: true, vehicle, vehicleId: vehicle.id, ...overrides });
}
