import { z } from 'zod';
import { InstallationGeneralSchema } from './installation';
import { PhysicalInspectionSchema } from './setup';
import { ChargeControllerSchema, CustomerSchema, TelematicsSchema } from './system';
import { SYSTEM_CHECK_STATUSES, SYSTEM_CHECK_TYPES } from './system-check';
import { UPLOAD_TYPES } from './upload';
import { VehicleSchema } from './vehicle';

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

/** What a submit is missing, by part; empty when it may complete. */
export type MissingPart =
  | 'vehicle'
  | 'customerDataConfirmed'
  | 'setup'
  | 'uploads.pvModules'
  | 'uploads.telematics-mcu'
  | 'systemChecks.pending'
  | 'systemChecks.failedNotConfirmed';

export function missingForSubmit(s: {
  vehicle: unknown;
  customerDataConfirmed: boolean;
  setup: { pvModulesCount: number | null; activeChannelCount: number | null; inspection: unknown }[];
  uploads: { type: string; files: unknown[] }[];
  systemChecks: { status: string }[];
  proceededWithFailedChecks: boolean;
}): MissingPart[] {
  const missing: MissingPart[] = [];
  if (!s.vehicle) missing.push('vehicle');
  if (!s.customerDataConfirmed) missing.push('customerDataConfirmed');
  if (s.setup.length === 0 || s.setup.some((c) => c.pvModulesCount == null || c.activeChannelCount == null || !c.inspection)) missing.push('setup');
  for (const slot of ['pvModules', 'telematics-mcu'] as const) {
    if (!s.uploads.some((u) => u.type === slot && u.files.length > 0)) missing.push(`uploads.${slot}`);
  }
  if (s.systemChecks.length === 0 || s.systemChecks.some((c) => c.status === 'pending')) missing.push('systemChecks.pending');
  else if (s.systemChecks.some((c) => c.status === 'failed') && !s.proceededWithFailedChecks) missing.push('systemChecks.failedNotConfirmed');
  return missing;
}
