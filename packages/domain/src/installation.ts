import { z } from 'zod';
import { FAILED_CHECKS_REASON_MAX_LENGTH, FAILED_CHECKS_REASON_MIN_LENGTH } from './constants';
import { VersionSchema } from './ids';
import { PhysicalInspectionSchema } from './setup';
import { SerialNumberSchema, SystemSchema } from './system';
import { FORM_ERRORS as E } from './validation';
import { INSTALLATION_SORTS, INSTALLATION_STATUSES } from './installation-list';
import { VehicleSchema } from './vehicle';
import { INSTALLATION_STEPS } from './installation-rules';
import { TimeZoneSchema } from './time';

export { INSTALLATION_SORTS, INSTALLATION_STATUSES, type InstallationSort, type InstallationStatus } from './installation-list';
export * from './installation-rules';

/** A calendar day, `YYYY-MM-DD`; a missing one is 'required', a malformed one 'invalidDate'. */
export const IsoDateSchema = z.iso.date({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? E.required : E.invalidDate) });

const name = z.string({ error: E.required }).trim().min(1, E.required).max(120, E.tooLong);
const comments = z
  .string()
  .trim()
  .max(2000, E.tooLong)
  .nullish()
  .transform((v) => (v ? v : null));

/** Body of `POST /api/installations`: the first save of the general tab. */
const partnerId = z.number().int().positive().nullable();

export const CreateInstallationSchema = z.object({
  /**
   * The fleet (slug) the installation is recorded in. A serial number of another of the caller's
   * fleets is then refused with SYSTEM_IN_OTHER_FLEET instead of being recorded there unasked.
   */
  fleet: z.string().trim().min(1).max(100).optional(),
  systemSerialNumber: SerialNumberSchema,
  startDate: IsoDateSchema,
  name,
  comments,
  partnerId: partnerId.optional(),
});
export type CreateInstallation = z.input<typeof CreateInstallationSchema>;

/** Why the installer goes on although a digital check failed; the history and the report print it. */
export const FailedChecksReasonSchema = z
  .string({ error: E.required })
  .trim()
  .min(1, E.required)
  .min(FAILED_CHECKS_REASON_MIN_LENGTH, E.tooShort)
  .max(FAILED_CHECKS_REASON_MAX_LENGTH, E.tooLong);

/** The form of the question asked before going on with failed checks. */
export const ProceedWithFailedChecksSchema = z.object({ reason: FailedChecksReasonSchema });

/** Body of `PUT /api/installations/{id}`: general and customer tabs. */
export const UpdateInstallationSchema = z.object({
  version: VersionSchema,
  startDate: IsoDateSchema.optional(),
  name: name.optional(),
  comments: comments.optional(),
  partnerId: partnerId.optional(),
  customerDataConfirmed: z.boolean().optional(),
  /** The system tab: the controller serial numbers were compared with the devices fitted. */
  systemDataConfirmed: z.boolean().optional(),
  /** Set when the installer goes on although a digital check failed; `true` needs failedChecksReason. */
  proceededWithFailedChecks: z.boolean().optional(),
  /** Sent with `proceededWithFailedChecks: true`, and only then. */
  failedChecksReason: FailedChecksReasonSchema.optional(),
});
export type UpdateInstallation = z.input<typeof UpdateInstallationSchema>;

/**
 * What is wrong with the reason of an update: going on with failed checks needs one, and a reason
 * belongs to going on (clearing the flag clears the reason); null when nothing is.
 */
export function failedChecksReasonProblem(update: { proceededWithFailedChecks?: boolean; failedChecksReason?: string }): 'required' | 'unexpected' | null {
  if (update.proceededWithFailedChecks === true) return update.failedChecksReason ? null : 'required';
  return update.failedChecksReason === undefined ? null : 'unexpected';
}


/** The general fields of an installation, as its detail and its summary answer them. */
export const InstallationGeneralSchema = z.object({
  name: z.string(),
  systemSerialNumber: z.string(),
  startDate: z.string(),
  commissioningDate: z.string().nullable(),
  completionDate: z.string().nullable(),
  comments: z.string().nullable(),
  status: z.enum(INSTALLATION_STATUSES),
});

export const InstallationSchema = z.object({
  id: z.number().int(),
  fleet: z.string(),
  ...InstallationGeneralSchema.shape,
  customerDataConfirmed: z.boolean(),
  systemDataConfirmed: z.boolean(),
  summaryDataConfirmed: z.boolean(),
  proceededWithFailedChecks: z.boolean(),
  vehicleId: z.number().int().nullable(),
  partnerId: z.number().int().nullable(),
  vehicle: VehicleSchema.nullable(),
  system: SystemSchema,
  /** The physical inspection recorded per charge controller on the setup tab. */
  inspections: z.array(PhysicalInspectionSchema.extend({ chargeControllerSerial: z.string() })),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the caller may delete it (canDeleteInstallation). */
  canDelete: z.boolean(),
});
export type Installation = z.infer<typeof InstallationSchema>;

/**
 * The list's filters, shared by the list and its exports: status, a range of start dates (from, to,
 * both included) and `failedChecks=true` for installations submitted (or going on) with failed checks.
 */
export const InstallationFilterShape = {
  status: z.enum(INSTALLATION_STATUSES).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  failedChecks: z.enum(['true', 'false']).optional(),
};

export const InstallationListQuerySchema = z.object({
  fleet: z.string().min(1).max(100),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(INSTALLATION_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** `mine=true`: only the installations the caller created. */
  mine: z.enum(['true', 'false']).optional(),
  ...InstallationFilterShape,
  /** `ownDraftsFirst=true`: the caller's own drafts saved today come first, then the rest in the order asked for. */
  ownDraftsFirst: z.enum(['true', 'false']).optional(),
  /** The IANA time zone whose day is "today" for `ownDraftsFirst` (the device's); the fleet's when left out. */
  tz: TimeZoneSchema.optional(),
});
export type InstallationListQuery = z.input<typeof InstallationListQuerySchema>;

export const InstallationListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  systemSerialNumber: z.string(),
  vehicle: z.object({ type: z.string(), manufacturer: z.string(), model: z.string(), vin: z.string() }).nullable(),
  startDate: z.string(),
  status: z.enum(INSTALLATION_STATUSES),
  /** Submitted (or going on) although a digital check failed. */
  proceededWithFailedChecks: z.boolean(),
  updatedAt: z.string(),
  /** Whether the caller may delete it (canDeleteInstallation). */
  canDelete: z.boolean(),
  /** Who created the installation; null once that account is gone. */
  createdBy: z.object({ name: z.string(), email: z.string() }).nullable().default(null),
  /** The furthest step a draft has saved (stepReached); null for a completed installation. */
  step: z.enum(INSTALLATION_STEPS).nullable().default(null),
});
export type InstallationListItem = z.infer<typeof InstallationListItemSchema>;

export const InstallationListSchema = z.object({
  items: z.array(InstallationListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type InstallationList = z.infer<typeof InstallationListSchema>;
