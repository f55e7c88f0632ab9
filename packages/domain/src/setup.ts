import { z } from 'zod';
import { VersionSchema } from './ids';
import { channelsFor, type ControllerType } from './system';
import { FORM_ERRORS as E } from './validation';

export const POWER_LED_STATES = ['constantlyLit', 'blinking', 'off'] as const;
export const STATUS_LED_STATES = ['on', 'blinking', 'off'] as const;
export const FAULT_LED_STATES = ['off', 'on', 'blinking'] as const;

export const PhysicalInspectionSchema = z.object({
  powerLed: z.enum(POWER_LED_STATES, { error: E.required }),
  statusLed: z.enum(STATUS_LED_STATES, { error: E.required }),
  faultLed: z.enum(FAULT_LED_STATES, { error: E.required }),
});
export type PhysicalInspection = z.infer<typeof PhysicalInspectionSchema>;

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

const count = () =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? E.required : E.invalidNumber) })
    .int(E.invalidNumber)
    .min(0, E.invalidNumber)
    .max(1000, E.invalidNumber);

/**
 * Body of `PUT /api/chargecontrollers/{serialNumber}`: SPEC §7 sends only the two counts. An API
 * client may add the installation it means (a controller of another one answers 404), the
 * `version` it read (a stale one answers 409; without it the write applies to the current version)
 * and the physical inspection (without it the stored one stays).
 */
export const ControllerSetupSchema = z.object({
  installationId: z.number().int().positive().optional(),
  version: VersionSchema.optional(),
  pvModulesCount: count().min(1, E.invalidNumber),
  activeChannelCount: count().min(1, E.invalidActiveChannels),
  inspection: PhysicalInspectionSchema.refine(isInspectionPassed, E.inspectionFailed).optional(),
});
export type ControllerSetup = z.infer<typeof ControllerSetupSchema>;

/** Body of `PUT /api/installations/{id}/setup`: every controller at once, so the PV module sum is checked as a whole. */
export const InstallationSetupSchema = z.object({
  version: VersionSchema,
  controllers: z
    .array(
      z.object({
        serialNumber: z.string().min(1).max(64),
        pvModulesCount: count().min(1, E.invalidNumber),
        activeChannelCount: count().min(1, E.invalidActiveChannels),
        inspection: PhysicalInspectionSchema.refine(isInspectionPassed, E.inspectionFailed),
      }),
    )
    .min(1)
    .max(50),
});
export type InstallationSetup = z.infer<typeof InstallationSetupSchema>;

export const ControllerSetupResultSchema = z.object({
  serialNumber: z.string(),
  installationId: z.number().int(),
  pvModulesCount: z.number().int(),
  activeChannelCount: z.number().int(),
  /** The stored inspection of this controller; null until one is recorded. */
  inspection: PhysicalInspectionSchema.nullable(),
  version: z.number().int(),
});
export type ControllerSetupResult = z.infer<typeof ControllerSetupResultSchema>;

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
    const parsed = PhysicalInspectionSchema.safeParse(r.inspection);
    if (!parsed.success) issues.push({ row, field: 'inspection', message: E.required });
    else if (!isInspectionPassed(parsed.data)) issues.push({ row, field: 'inspection', message: E.inspectionFailed });
  });
  const counts = [...rows.map((r) => r.pvModulesCount ?? 0), ...otherPvModules];
  if (!isPvModuleSumValid(counts, pvModuleCount)) issues.push({ row: WHOLE_SYSTEM, field: 'pvModulesCount', message: E.pvModuleLimitExceeded });
  return issues;
}

/** Path of `PUT /api/chargecontrollers/{serialNumber}` (a serial number or a row id). */
export const ControllerParamsSchema = z.object({ serialNumber: z.string().min(1).max(64) });
