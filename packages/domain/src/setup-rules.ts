import { channelsFor, type ControllerType } from './system-rules';
import { FORM_ERRORS as E } from './validation';

// Plain TypeScript, no schema library: the LEDs of the physical inspection and the checks of a
// controller's setup, used by the wizard before (or without) loading the schemas and by the server.
// The schemas are in ./setup.

export const POWER_LED_STATES = ['constantlyLit', 'blinking', 'off'] as const;
export const STATUS_LED_STATES = ['on', 'blinking', 'off'] as const;
export const FAULT_LED_STATES = ['off', 'on', 'blinking'] as const;

/** What the installer saw on a controller's three LEDs. */
export type PhysicalInspection = {
  powerLed: (typeof POWER_LED_STATES)[number];
  statusLed: (typeof STATUS_LED_STATES)[number];
  faultLed: (typeof FAULT_LED_STATES)[number];
};

export type Led = keyof PhysicalInspection;
export const LEDS: readonly Led[] = ['powerLed', 'statusLed', 'faultLed'];

/** What each LED of a healthy controller shows: power constantly lit, status on or blinking, fault off. */
export const HEALTHY_LED_STATES: { readonly [L in Led]: readonly PhysicalInspection[L][] } = {
  powerLed: ['constantlyLit'],
  statusLed: ['on', 'blinking'],
  faultLed: ['off'],
};

export const isLedHealthy = <L extends Led>(led: L, state: PhysicalInspection[L]) => (HEALTHY_LED_STATES[led] as readonly string[]).includes(state);

/** The LEDs of an inspection that differ from a healthy controller (those not yet chosen are left out). */
export const wrongLeds = (i: Partial<PhysicalInspection>): Led[] => LEDS.filter((led) => i[led] != null && !isLedHealthy(led, i[led]!));

/** A healthy controller: power LED constantly lit, status LED on or blinking, fault LED off. */
export const isInspectionPassed = (i: PhysicalInspection) => wrongLeds(i).length === 0;

export const isActiveChannelCountValid = (type: ControllerType, activeChannelCount: number) =>
  Number.isInteger(activeChannelCount) && activeChannelCount >= 1 && activeChannelCount <= channelsFor(type);

/** The PV modules spread over the controllers can never exceed the modules of the system. */
export const isPvModuleSumValid = (counts: readonly number[], pvModuleCount: number) =>
  counts.reduce((sum, n) => sum + n, 0) <= pvModuleCount;

const LED_STATES: { readonly [L in Led]: readonly PhysicalInspection[L][] } = { powerLed: POWER_LED_STATES, statusLed: STATUS_LED_STATES, faultLed: FAULT_LED_STATES };

/** Every LED of the inspection has one of its states chosen. */
export const isInspectionComplete = (i: Partial<PhysicalInspection>): i is PhysicalInspection =>
  LEDS.every((led) => (LED_STATES[led] as readonly unknown[]).includes(i[led]));

/** A controller's setup as far as it is known: the form's row or a request's controller. */
export type SetupRow = {
  type: ControllerType;
  pvModulesCount: number | null;
  activeChannelCount: number | null;
  /** Left out where the stored inspection stays as it is (`PUT /api/chargecontrollers/{serialNumber}` without one): it is not checked. */
  inspection?: Partial<PhysicalInspection>;
};

/** The row of an issue of the whole system (the PV module sum), as in the API's `details[].index`. */
export const WHOLE_SYSTEM = -1;

/** What is wrong with a setup: the row (or WHOLE_SYSTEM), the field and the form error. */
export type SetupIssue = {
  row: number;
  field: 'pvModulesCount' | 'activeChannelCount' | 'inspection';
  message: (typeof E)['required' | 'invalidActiveChannels' | 'inspectionFailed' | 'pvModuleLimitExceeded'];
};

/**
 * Each row checked against its controller (required values, channel limit, inspection), then the
 * PV module sum of the whole system, once, as row WHOLE_SYSTEM. `otherPvModules` are the counts of
 * the system's controllers that are not among the rows (they keep what is stored).
 */
export function setupIssues(rows: readonly SetupRow[], pvModuleCount: number, otherPvModules: readonly number[] = []): SetupIssue[] {
  const issues: SetupIssue[] = [];
  rows.forEach((r, row) => {
    if (r.pvModulesCount == null) issues.push({ row, field: 'pvModulesCount', message: E.required });
    if (r.activeChannelCount == null) issues.push({ row, field: 'activeChannelCount', message: E.required });
    else if (!isActiveChannelCountValid(r.type, r.activeChannelCount)) issues.push({ row, field: 'activeChannelCount', message: E.invalidActiveChannels });
    if (r.inspection === undefined) return;
    if (!isInspectionComplete(r.inspection)) issues.push({ row, field: 'inspection', message: E.required });
    else if (!isInspectionPassed(r.inspection)) issues.push({ row, field: 'inspection', message: E.inspectionFailed });
  });
  const counts = [...rows.map((r) => r.pvModulesCount ?? 0), ...otherPvModules];
  if (!isPvModuleSumValid(counts, pvModuleCount)) issues.push({ row: WHOLE_SYSTEM, field: 'pvModulesCount', message: E.pvModuleLimitExceeded });
  return issues;
}
