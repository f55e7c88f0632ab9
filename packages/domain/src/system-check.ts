import { z } from 'zod';
import { SYSTEM_CHECK_STATUSES, SYSTEM_CHECK_TYPES } from './system-check-rules';

export * from './system-check-rules';

export const SystemCheckSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  type: z.enum(SYSTEM_CHECK_TYPES),
  status: z.enum(SYSTEM_CHECK_STATUSES),
  /** The telematics unit's IMEI (unit checks) or the gateway that reported (mcu-heartbeat). */
  imei: z.string().nullable(),
  controllerSerial: z.string().nullable(),
  totalMcu: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastHeartbeatAt: z.string().nullable(),
});
export type SystemCheck = z.infer<typeof SystemCheckSchema>;

/** `GET /api/installations/{id}/systemChecks`: the latest run, started on first read. */
export const SystemCheckRunSchema = z.object({
  runId: z.number().int(),
  startedAt: z.string(),
  windowEndsAt: z.string(),
  checks: z.array(SystemCheckSchema),
  /** Pass as Last-Event-ID when opening the event stream, so nothing between the two calls is missed. */
  lastEventId: z.string(),
});
export type SystemCheckRun = z.infer<typeof SystemCheckRunSchema>;

/** One message of the event stream. */
export const SystemCheckEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('run-started'), runId: z.number().int(), startedAt: z.string(), windowEndsAt: z.string(), checks: z.array(SystemCheckSchema) }),
  z.object({ kind: z.literal('check-updated'), check: SystemCheckSchema }),
]);
export type SystemCheckEvent = z.infer<typeof SystemCheckEventSchema>;

const HeartbeatBase = z.object({
  imei: z.string().trim().regex(/^\d{15}$/, 'imei must be 15 digits'),
  timestamp: z.iso.datetime({ offset: true }),
});

/** What a telematics gateway reports through `POST /api/devices/heartbeats`. */
export const HeartbeatSchema = z.discriminatedUnion('type', [
  HeartbeatBase.extend({ type: z.literal('telematics-heartbeat') }),
  HeartbeatBase.extend({ type: z.literal('ignition-heartbeat') }),
  HeartbeatBase.extend({ type: z.literal('sense-line-connection') }),
  HeartbeatBase.extend({
    type: z.literal('mcu-heartbeat'),
    controllerSerial: z.string().trim().min(1).max(64),
    totalMcu: z.number().int().min(0).max(64).optional(),
  }),
]);
export type Heartbeat = z.infer<typeof HeartbeatSchema>;

export const HeartbeatBatchSchema = z.union([HeartbeatSchema, z.array(HeartbeatSchema).min(1).max(500)]);

/** Device clocks may be off, but a heartbeat older than a day or from the future is not a live sign. */
export const HEARTBEAT_MAX_AGE_SECONDS = 24 * 60 * 60;
export const HEARTBEAT_MAX_FUTURE_SECONDS = 5 * 60;

export const HEARTBEAT_REJECTIONS = ['TIMESTAMP_TOO_OLD', 'TIMESTAMP_IN_FUTURE'] as const;
export type HeartbeatRejection = (typeof HEARTBEAT_REJECTIONS)[number];

/** Why a heartbeat's timestamp is refused at `now`, or null when it is accepted. */
export function heartbeatTimestampProblem(timestamp: string, now: Date): HeartbeatRejection | null {
  const at = new Date(timestamp).getTime();
  if (at < now.getTime() - HEARTBEAT_MAX_AGE_SECONDS * 1000) return 'TIMESTAMP_TOO_OLD';
  if (at > now.getTime() + HEARTBEAT_MAX_FUTURE_SECONDS * 1000) return 'TIMESTAMP_IN_FUTURE';
  return null;
}

/** `received` counts the heartbeats stored; each refused one is listed by its index in the batch. */
export const HeartbeatResultSchema = z.object({
  received: z.number().int(),
  matched: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), code: z.enum(HEARTBEAT_REJECTIONS), message: z.string() })),
});
export type HeartbeatResult = z.infer<typeof HeartbeatResultSchema>;

export const ProceedWithFailedChecksSchema = z.object({ version: z.number().int().min(0), proceed: z.boolean() });
