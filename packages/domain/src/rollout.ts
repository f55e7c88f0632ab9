import { z } from 'zod';
import { LOCALES } from './constants';
import type { InstallationStatus } from './installation-list';
import { RowIdSchema } from './ids';
import { INSTALLATION_STEPS, stepReached, type InstallationStep, type StepFacts } from './installation-rules';

/**
 * The rollout of a fleet's kits: every system of its registry has exactly one rollout status,
 * worked out from its installation (if any) by `rolloutStatus`. The server's SQL aggregation
 * follows the same rules (its tests compare the two on every status).
 */
export const ROLLOUT_STATUSES = ['notStarted', 'inProgress', 'stalled', 'completed', 'completedFailedChecks', 'reopened'] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];
export const RolloutStatusSchema = z.enum(ROLLOUT_STATUSES);

/** The statuses someone has to look at: drafts left alone, passed with failed checks, taken back. */
export const NEEDS_ATTENTION_STATUSES = ['stalled', 'completedFailedChecks', 'reopened'] as const satisfies readonly RolloutStatus[];
export const needsAttention = (status: RolloutStatus) => (NEEDS_ATTENTION_STATUSES as readonly RolloutStatus[]).includes(status);

/** The statuses that count as done for the progress bar. */
export const DONE_STATUSES = ['completed', 'completedFailedChecks'] as const satisfies readonly RolloutStatus[];

/** A draft untouched for more than this many days is stalled, unless the fleet sets its own number. */
export const DEFAULT_STALL_DAYS = 3;
export const STALL_DAYS_MIN = 1;
export const STALL_DAYS_MAX = 90;
export const StallDaysSchema = z.number().int().min(STALL_DAYS_MIN).max(STALL_DAYS_MAX);

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the status of one system is worked out from: its installation, or none. */
export interface RolloutFacts {
  installation: null | {
    status: InstallationStatus;
    proceededWithFailedChecks: boolean;
    /** Set when a fleet admin reopened it, cleared when it is submitted again. */
    reopenedAt: Date | null;
    updatedAt: Date;
    submittedAt: Date | null;
  };
}

/**
 * The rollout status of a system. A completed installation is completed (with failed checks when
 * the installer proceeded with one); a draft that was reopened stays "reopened" until submitted
 * again; another draft is stalled when untouched for more than `stallDays` days, else in progress.
 */
export function rolloutStatus(facts: RolloutFacts, now: Date, stallDays = DEFAULT_STALL_DAYS): RolloutStatus {
  const i = facts.installation;
  if (!i) return 'notStarted';
  if (i.status === 'completed') return i.proceededWithFailedChecks ? 'completedFailedChecks' : 'completed';
  if (i.reopenedAt) return 'reopened';
  return isStalled(i.updatedAt, now, stallDays) ? 'stalled' : 'inProgress';
}

/** Untouched for more than `stallDays` whole days. */
export const isStalled = (updatedAt: Date, now: Date, stallDays: number) => now.getTime() - updatedAt.getTime() > stallDays * DAY_MS;

/** Since when the system has been in its status; null for a system not started. */
export function rolloutSince(facts: RolloutFacts, status: RolloutStatus): Date | null {
  const i = facts.installation;
  if (!i) return null;
  switch (status) {
    case 'completed':
    case 'completedFailedChecks':
      return i.submittedAt ?? i.updatedAt;
    case 'reopened':
      return i.reopenedAt ?? i.updatedAt;
    default:
      // In progress or stalled: since it was last touched.
      return i.updatedAt;
  }
}

/** The wizard steps a draft can have reached, in order, and the rule that tells which (installation-rules). */
export const ROLLOUT_STEPS = INSTALLATION_STEPS;
export type RolloutStep = InstallationStep;
export { stepReached, type StepFacts };

/** Whole days between two moments, rounded down (time in a state). */
export const daysBetween = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));

// ---- the API ----

export const ROLLOUT_INTERVALS = ['day', 'week'] as const;
export type RolloutInterval = (typeof ROLLOUT_INTERVALS)[number];

/** Longest date range of the completions chart, in days (a year of daily bars). */
export const ROLLOUT_MAX_RANGE_DAYS = 366;
/** Rows of the needs-attention list the page shows; the export has all of them. */
export const NEEDS_ATTENTION_PAGE = 100;
/** Rows of the needs-attention list in the weekly mail. */
export const NEEDS_ATTENTION_MAIL = 20;

/** "none" stands for installations whose installer belongs to no company, "" for no city. */
export const RolloutFilterSchema = z
  .object({
    /** Completion days from and to, both included (UTC); open when left out. */
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    company: z.union([z.literal('none'), RowIdSchema]).optional(),
    city: z.string().max(200).optional(),
    status: RolloutStatusSchema.optional(),
    interval: z.enum(ROLLOUT_INTERVALS).default('day'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start of the date range must not be after its end', path: ['to'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS < ROLLOUT_MAX_RANGE_DAYS, {
    message: `The date range may span at most ${ROLLOUT_MAX_RANGE_DAYS} days`,
    path: ['from'],
  });
export type RolloutFilter = z.infer<typeof RolloutFilterSchema>;

const StatusCountsSchema = z.object(Object.fromEntries(ROLLOUT_STATUSES.map((s) => [s, z.number().int()])) as Record<RolloutStatus, z.ZodNumber>);
export type StatusCounts = z.infer<typeof StatusCountsSchema>;
export const emptyStatusCounts = (): StatusCounts => Object.fromEntries(ROLLOUT_STATUSES.map((s) => [s, 0])) as StatusCounts;

export const RolloutCompanySchema = z.object({ id: z.number().int().nullable(), name: z.string().nullable() });

export const RolloutGroupSchema = z.object({ counts: StatusCountsSchema, total: z.number().int(), done: z.number().int() });

export const RolloutAttentionSchema = z.object({
  systemSerialNumber: z.string(),
  installationId: z.number().int(),
  status: RolloutStatusSchema,
  step: z.enum(ROLLOUT_STEPS).nullable(),
  since: z.iso.datetime(),
  days: z.number().int(),
  company: RolloutCompanySchema,
  city: z.string().nullable(),
});
export type RolloutAttention = z.infer<typeof RolloutAttentionSchema>;

export const RolloutSchema = z.object({
  fleet: z.object({ slug: z.string(), name: z.string(), stallDays: z.number().int() }),
  /** Whether the caller sees only their installer company's share. */
  scope: z.enum(['fleet', 'company']),
  readOnly: z.boolean(),
  /** Systems in the fleet's registry. */
  registrySize: z.number().int(),
  counts: StatusCountsSchema,
  /** The systems the filters select. */
  total: z.number().int(),
  /** Completed (with or without failed checks) among them. */
  done: z.number().int(),
  interval: z.enum(ROLLOUT_INTERVALS),
  /** Completions per day or week (its Monday), per installer company. */
  completions: z.array(z.object({ period: z.iso.date(), companyId: z.number().int().nullable(), count: z.number().int() })),
  companies: z.array(RolloutCompanySchema.extend(RolloutGroupSchema.shape)),
  cities: z.array(z.object({ city: z.string().nullable() }).extend(RolloutGroupSchema.shape)),
  needsAttention: z.object({ total: z.number().int(), items: z.array(RolloutAttentionSchema) }),
  /** The filter choices: every company and city of the fleet's installations the caller may see. */
  options: z.object({ companies: z.array(RolloutCompanySchema), cities: z.array(z.string()) }),
});
export type Rollout = z.infer<typeof RolloutSchema>;

export const ROLLOUT_EXPORT_COLUMNS = ['systemSerialNumber', 'status', 'step', 'since', 'daysInStatus', 'installationId', 'company', 'city', 'completionDate'] as const;

export const RolloutSettingsSchema = z.object({ stallDays: StallDaysSchema, weeklyMail: z.boolean(), locale: z.enum(LOCALES) });
export type RolloutSettings = z.infer<typeof RolloutSettingsSchema>;
export const RolloutSettingsInputSchema = RolloutSettingsSchema.partial();

/** The operator's overview: one row per fleet. */
export const OperatorRolloutRowSchema = z.object({
  slug: z.string(),
  name: z.string(),
  registrySize: z.number().int(),
  done: z.number().int(),
  completedThisWeek: z.number().int(),
  failedChecks: z.number().int(),
  stalled: z.number().int(),
});
export const OperatorRolloutListSchema = z.array(OperatorRolloutRowSchema);
export type OperatorRolloutRow = z.infer<typeof OperatorRolloutRowSchema>;

export const UnsubscribeParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
