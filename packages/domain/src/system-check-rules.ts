// Plain TypeScript, no schema library: the kinds and states of the digital checks, used by the
// wizard before (or without) loading the schemas and by the server. The schemas are in ./system-check.

/**
 * SPEC §3: the telematics unit's own heartbeat, one per charge controller (reported through the
 * gateway), and two more that the telematics unit reports about the vehicle: the ignition signal it
 * sees and its sense line to the vehicle battery.
 */
export const SYSTEM_CHECK_TYPES = ['telematics-heartbeat', 'mcu-heartbeat', 'ignition-heartbeat', 'sense-line-connection'] as const;
export type SystemCheckType = (typeof SYSTEM_CHECK_TYPES)[number];
/** The kinds that a telematics unit reports about itself and its vehicle: one row per unit, matched by IMEI. */
export const UNIT_CHECK_TYPES = ['telematics-heartbeat', 'ignition-heartbeat', 'sense-line-connection'] as const satisfies readonly SystemCheckType[];
export type UnitCheckType = (typeof UNIT_CHECK_TYPES)[number];
export const isUnitCheckType = (type: SystemCheckType): type is UnitCheckType => (UNIT_CHECK_TYPES as readonly string[]).includes(type);
export const SYSTEM_CHECK_STATUSES = ['pending', 'success', 'failed'] as const;
export type SystemCheckStatus = (typeof SYSTEM_CHECK_STATUSES)[number];

/** How long a check waits for its device before it fails (DESIGN §6). */
export const DEFAULT_CHECK_WINDOW_SECONDS = 180;

/** Checks of a run that are all done decide whether the installer may go on without asking. */
export const allChecksPassed = (checks: readonly { status: SystemCheckStatus }[]) => checks.length > 0 && checks.every((c) => c.status === 'success');
export const anyCheckFailed = (checks: readonly { status: SystemCheckStatus }[]) => checks.some((c) => c.status === 'failed');
