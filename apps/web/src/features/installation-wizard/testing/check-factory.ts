import type { Installation } from '@portal/domain/installation';
import type { InstallationSummary } from '@portal/domain/summary';
import type { SystemCheck, SystemCheckRun } from '@portal/domain/system-check';
import { createInstallationWithVehicle } from './installation-factory';
import { PASSED_INSPECTION } from '@portal/domain/testing/vehicle';

const healthy = PASSED_INSPECTION;

/** SN-DEMO-0001 with customer, vehicle and setup recorded: every tab up to the summary opens. */
export function createReadyInstallation(overrides: Partial<Installation> = {}): Installation {
  const base = createInstallationWithVehicle();
  return {
    ...base,
    system: {
      ...base.system,
      chargeControllers: base.system.chargeControllers.map((c) => ({ ...c, pvModulesCount: 6, activeChannelCount: 4 })),
    },
    inspections: base.system.chargeControllers.map((c) => ({ chargeControllerSerial: c.serialNumber, ...healthy })),
    ...overrides,
  };
}

export function createCheck(overrides: Partial<SystemCheck> = {}): SystemCheck {
  return {
    id: 101,
    runId: 9,
    type: 'telematics-heartbeat',
    status: 'pending',
    imei: '356938035643801',
    controllerSerial: null,
    totalMcu: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    lastHeartbeatAt: null,
    ...overrides,
  };
}

/** One telematics check and one per charge controller of SN-DEMO-0001, all pending, window of 3 minutes from now. */
export function createRun(overrides: Partial<SystemCheckRun> = {}, status: SystemCheck['status'] = 'pending'): SystemCheckRun {
  const runId = overrides.runId ?? 9;
  const started = new Date();
  const done = status === 'pending' ? {} : { updatedAt: new Date(started.getTime() + 1000).toISOString() };
  return {
    runId,
    startedAt: started.toISOString(),
    windowEndsAt: new Date(started.getTime() + 180_000).toISOString(),
    checks: [
      createCheck({ id: runId * 100 + 1, runId, status, ...done }),
      createCheck({ id: runId * 100 + 2, runId, type: 'mcu-heartbeat', controllerSerial: 'CC-DEMO-0001-A', status, totalMcu: status === 'success' ? 2 : null, ...done }),
      createCheck({ id: runId * 100 + 3, runId, type: 'mcu-heartbeat', controllerSerial: 'CC-DEMO-0001-B', status, totalMcu: status === 'success' ? 2 : null, ...done }),
    ],
    lastEventId: '17',
    ...overrides,
  };
}

/** The ignition and sense-line checks of SN-DEMO-0001's telematics unit in a run, with ids after createRun()'s. */
export function createVehicleChecks(runId = 9, status: SystemCheck['status'] = 'pending'): SystemCheck[] {
  return [
    createCheck({ id: runId * 100 + 4, runId, type: 'ignition-heartbeat', status }),
    createCheck({ id: runId * 100 + 5, runId, type: 'sense-line-connection', status }),
  ];
}

/** The summary of createReadyInstallation() with uploads and passed checks: ready to submit. */
export function createSummary(overrides: Partial<InstallationSummary> = {}): InstallationSummary {
  const installation = createReadyInstallation();
  return {
    id: installation.id,
    version: installation.version,
    general: {
      name: installation.name,
      systemSerialNumber: installation.systemSerialNumber,
      startDate: installation.startDate,
      commissioningDate: null,
      completionDate: null,
      comments: 'Depot north',
      status: 'draft',
      partner: { id: 3, name: 'Miller Solar Services', email: 'office@miller.example' },
    },
    customer: installation.system.customer,
    installer: {
      companyName: 'Solarfit Installations GmbH',
      companyShortName: 'SFI',
      companyEmail: 'office@solarfit.example',
      installerName: 'Ina Installer',
      installerEmail: 'ina@example.com',
    },
    vehicle: installation.vehicle,
    pvSystem: { pvModuleCount: 12, pvModuleVersion: 'SBS-M 2.1', installedCapacity: 1440 },
    chargeControllers: installation.system.chargeControllers,
    telematics: installation.system.telematics,
    setup: installation.system.chargeControllers.map((c) => ({
      serialNumber: c.serialNumber,
      pvModulesCount: c.pvModulesCount,
      activeChannelCount: c.activeChannelCount,
      inspection: healthy,
    })),
    uploads: [
      { type: 'pvModules', files: [{ id: 1, name: 'roof-left.jpg' }, { id: 2, name: 'roof-right.jpg' }] },
      { type: 'telematics-mcu', files: [{ id: 3, name: 'tcu-box.jpg' }] },
    ],
    systemChecks: [
      { type: 'telematics-heartbeat', status: 'success', createdAt: '2026-11-21T10:00:00.000Z', imei: '356938035643801', controllerSerial: null },
      { type: 'mcu-heartbeat', status: 'success', createdAt: '2026-11-21T10:00:00.000Z', imei: '356938035643801', controllerSerial: 'CC-DEMO-0001-A' },
      { type: 'mcu-heartbeat', status: 'failed', createdAt: '2026-11-21T10:00:00.000Z', imei: '356938035643801', controllerSerial: 'CC-DEMO-0001-B' },
      { type: 'ignition-heartbeat', status: 'success', createdAt: '2026-11-21T10:00:00.000Z', imei: '356938035643801', controllerSerial: null },
      { type: 'sense-line-connection', status: 'failed', createdAt: '2026-11-21T10:00:00.000Z', imei: '356938035643801', controllerSerial: null },
    ],
    customerDataConfirmed: true,
    summaryDataConfirmed: false,
    proceededWithFailedChecks: true,
    failedChecksReason: 'Controller B gets a new fuse on Monday',
    ...overrides,
  };
}
