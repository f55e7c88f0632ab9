import type { Heartbeat, SystemCheck } from '@portal/domain/system-check';

/** The demo's broken part: this controller of SN-DEMO-0005 never reports, so a check fails. */
export const NEVER_REPORTING_CONTROLLERS = new Set(['CC-DEMO-0005-B']);
/**
 * Controllers imported under this prefix never report either: a system of one's own (a demo of the
 * failed-check path, a browser test with serials no other test uses) can fail its check on purpose.
 */
export const SILENT_CONTROLLER_PREFIX = 'CC-SILENT-';

export const isNeverReporting = (controllerSerial: string) =>
  NEVER_REPORTING_CONTROLLERS.has(controllerSerial) || controllerSerial.toUpperCase().startsWith(SILENT_CONTROLLER_PREFIX);

export interface SimulatedDevice {
  imei: string;
  controllers: string[];
}

/** The heartbeats a healthy installation would send for these devices right now. */
export function heartbeatsForDevices(devices: SimulatedDevice[], now = new Date()): Heartbeat[] {
  const timestamp = now.toISOString();
  return devices.flatMap((d) => [
    { type: 'telematics-heartbeat' as const, imei: d.imei, timestamp },
    { type: 'ignition-heartbeat' as const, imei: d.imei, timestamp },
    { type: 'sense-line-connection' as const, imei: d.imei, timestamp },
    ...d.controllers
      .filter((serial) => !isNeverReporting(serial))
      .map((serial) => ({ type: 'mcu-heartbeat' as const, imei: d.imei, controllerSerial: serial, totalMcu: d.controllers.length, timestamp })),
  ]);
}

/** The devices behind the checks of a run. */
export function devicesOfChecks(checks: SystemCheck[]): SimulatedDevice[] {
  const byImei = new Map<string, SimulatedDevice>();
  for (const c of checks) {
    if (!c.imei) continue;
    const device = byImei.get(c.imei) ?? { imei: c.imei, controllers: [] };
    if (c.type === 'mcu-heartbeat' && c.controllerSerial) device.controllers.push(c.controllerSerial);
    byImei.set(c.imei, device);
  }
  return [...byImei.values()];
}

/** Posts heartbeats like a telematics gateway: over HTTP, with a device key. */
export async function postHeartbeats(baseUrl: string, deviceKey: string, heartbeats: Heartbeat[]) {
  const res = await fetch(new URL('/api/devices/heartbeats', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': deviceKey },
    body: JSON.stringify(heartbeats),
    signal: AbortSignal.timeout(10_000),
  });
  if (res.status !== 202) throw new Error(`heartbeats answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { received: number; matched: number };
}
