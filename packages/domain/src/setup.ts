import { z } from 'zod';
import { VersionSchema } from './ids';
import { FAULT_LED_STATES, isInspectionPassed, POWER_LED_STATES, STATUS_LED_STATES, type PhysicalInspection } from './setup-rules';
import { FORM_ERRORS as E } from './validation';

export * from './setup-rules';

export const PhysicalInspectionSchema = z.object({
  powerLed: z.enum(POWER_LED_STATES, { error: E.required }),
  statusLed: z.enum(STATUS_LED_STATES, { error: E.required }),
  faultLed: z.enum(FAULT_LED_STATES, { error: E.required }),
}) satisfies z.ZodType<PhysicalInspection>;

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

/** Path of `PUT /api/chargecontrollers/{serialNumber}` (a serial number or a row id). */
export const ControllerParamsSchema = z.object({ serialNumber: z.string().min(1).max(64) });
