import { z } from 'zod';
import { InstallationGeneralSchema } from './installation';
import { PhysicalInspectionSchema } from './setup';
import { ChargeControllerSchema, CustomerSchema, TelematicsSchema } from './system';
import { SYSTEM_CHECK_STATUSES, SYSTEM_CHECK_TYPES } from './system-check';
import { UPLOAD_TYPES } from './upload';
import { VehicleSchema } from './vehicle';

export * from './summary-rules';

export const InstallerSchema = z.object({
  companyName: z.string(),
  companyShortName: z.string(),
  companyEmail: z.string(),
  installerName: z.string(),
  installerEmail: z.string(),
});
export type Installer = z.infer<typeof InstallerSchema>;

/** `GET /api/installations/{id}/summary`: everything the summary tab shows, in one call. */
export const InstallationSummarySchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  general: InstallationGeneralSchema.extend({
    partner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  }),
  customer: CustomerSchema,
  installer: InstallerSchema.nullable(),
  vehicle: VehicleSchema.nullable(),
  pvSystem: z.object({ pvModuleCount: z.number().int(), pvModuleVersion: z.string(), installedCapacity: z.number().int() }),
  chargeControllers: z.array(ChargeControllerSchema),
  telematics: z.array(TelematicsSchema),
  setup: z.array(
    z.object({
      serialNumber: z.string(),
      pvModulesCount: z.number().int().nullable(),
      activeChannelCount: z.number().int().nullable(),
      inspection: PhysicalInspectionSchema.nullable(),
    }),
  ),
  uploads: z.array(z.object({ type: z.enum(UPLOAD_TYPES), files: z.array(z.object({ id: z.number().int(), name: z.string() })) })),
  systemChecks: z.array(z.object({ type: z.enum(SYSTEM_CHECK_TYPES), status: z.enum(SYSTEM_CHECK_STATUSES), createdAt: z.string(), imei: z.string().nullable(), controllerSerial: z.string().nullable() })),
  customerDataConfirmed: z.boolean(),
  summaryDataConfirmed: z.boolean(),
  proceededWithFailedChecks: z.boolean(),
  /** Why the installer went on with failed checks; null when they did not (or before reasons were asked). */
  failedChecksReason: z.string().nullable(),
});
export type InstallationSummary = z.infer<typeof InstallationSummarySchema>;

/** Body of `POST /api/installations/{id}/submit`. */
export const SubmitInstallationSchema = z.object({
  summaryDataConfirmed: z.literal(true, { error: 'confirmationRequired' }),
  comments: z
    .string()
    .trim()
    .max(2000, 'tooLong')
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type SubmitInstallation = z.input<typeof SubmitInstallationSchema>;
