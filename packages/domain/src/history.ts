import { z } from 'zod';
import { LOCALES } from './constants';
import { VersionSchema } from './ids';

/** What a history entry records; the web shows each in the user's language (history.actions.*). */
export const HISTORY_ACTIONS = [
  'created',
  'changed',
  'vehicleChanged',
  'setupChanged',
  'uploadAdded',
  'uploadRemoved',
  'checkRunStarted',
  'checkRunFinished',
  'submitted',
  'reopened',
  'deleted',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const HistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(HISTORY_ACTIONS),
  /** Who acted; null for the devices and the check sweeper. */
  actor: z.object({ name: z.string(), email: z.string() }).nullable(),
  field: z.string().nullable(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** `POST /api/installations/{id}/reopen`: a fleet admin takes a completed installation back to draft, saying why. */
export const ReopenInstallationSchema = z.object({
  version: VersionSchema,
  reason: z.string().trim().min(1, { error: 'required' }).max(1000),
});
export type ReopenInstallation = z.infer<typeof ReopenInstallationSchema>;

/** `GET /api/fleets/{fleet}/history.csv?from&to`: a fleet's history, days included. */
export const HistoryExportQuerySchema = z.object({ from: z.iso.date(), to: z.iso.date() });

/** Bits of randomness in a report's verification code (the issue asks for at least 128). */
export const VERIFICATION_CODE_BYTES = 18;
/** base64url of VERIFICATION_CODE_BYTES bytes. */
export const VerificationCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/);

/** Whether the signed report still describes the record: as signed, reopened since, or replaced by a newer report. */
export const VERIFICATION_STATES = ['valid', 'reopened', 'superseded'] as const;

/** `GET /api/verify/{code}`: what the public verification page shows, and nothing more. */
export const VerificationSchema = z.object({
  serialNumber: z.string(),
  vin: z.string().nullable(),
  completionDate: z.string().nullable(),
  company: z.string().nullable(),
  reportVersion: z.number().int(),
  state: z.enum(VERIFICATION_STATES),
  /** The first reopening after this report was signed. */
  /** When it was reopened; by a fleet admin, never named to the public. */
  reopened: z.object({ at: z.string() }).nullable(),
  /** When a newer report of the record was signed. */
  newerVersion: z.object({ version: z.number().int(), at: z.string() }).nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** `GET /api/installations/{id}/history`: newest first. */
export const HistoryListSchema = z.array(HistoryEntrySchema);

/** Path of `GET /api/verify/{code}`. */
export const VerificationParamsSchema = z.object({ code: z.string().max(64) });

/** Query of `GET /api/installations/{id}/report.pdf`: the language of the report. */
export const ReportQuerySchema = z.object({ lang: z.enum(LOCALES).default('en') });
