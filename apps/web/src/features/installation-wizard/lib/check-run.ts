import type { SystemCheck, SystemCheckEvent, SystemCheckRun } from '@portal/domain/system-check';
import { allChecksPassed, anyCheckFailed } from '@portal/domain/system-check-rules';

/** What the run as a whole says: still waiting, everything reported, or at least one device silent. */
export type RunOutcome = 'pending' | 'passed' | 'failed';

export function runOutcome(checks: readonly SystemCheck[]): RunOutcome {
  if (checks.length === 0 || checks.some((c) => c.status === 'pending')) return 'pending';
  if (anyCheckFailed(checks)) return 'failed';
  return allChecksPassed(checks) ? 'passed' : 'pending';
}

const laterId = (a: string, b: string) => (Number(b) > Number(a) ? b : a);

/** Of two states of one check, the one that knows more: a result beats pending, then the later update. */
function newer(a: SystemCheck, b: SystemCheck): SystemCheck {
  if (a.status === 'pending' && b.status !== 'pending') return b;
  if (b.status === 'pending' && a.status !== 'pending') return a;
  return Date.parse(b.updatedAt) >= Date.parse(a.updatedAt) ? b : a;
}

function mergeChecks(current: readonly SystemCheck[], incoming: readonly SystemCheck[]): SystemCheck[] {
  const byId = new Map(current.map((c) => [c.id, c]));
  for (const check of incoming) {
    const known = byId.get(check.id);
    byId.set(check.id, known ? newer(known, check) : check);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A run read from the server joined with what the cache already has: a later run replaces an
 * earlier one; for the same run, each check keeps whichever state is further along.
 */
export function mergeRun(current: SystemCheckRun | undefined, incoming: SystemCheckRun): SystemCheckRun {
  if (!current) return incoming;
  const lastEventId = laterId(current.lastEventId, incoming.lastEventId);
  if (incoming.runId > current.runId) return { ...incoming, lastEventId };
  if (incoming.runId < current.runId) return { ...current, lastEventId };
  return { ...incoming, checks: mergeChecks(current.checks, incoming.checks), lastEventId };
}

/** One message of the event stream applied to the cached run; `eventId` is remembered for the next connection. */
export function applyCheckEvent(run: SystemCheckRun, event: SystemCheckEvent, eventId: string): SystemCheckRun {
  const lastEventId = eventId ? laterId(run.lastEventId, eventId) : run.lastEventId;
  if (event.kind === 'run-started') {
    const { runId, startedAt, windowEndsAt, checks } = event;
    return mergeRun({ ...run, lastEventId }, { runId, startedAt, windowEndsAt, checks, lastEventId });
  }
  // An update of an older run (before a restart) no longer counts.
  if (event.check.runId !== run.runId) return { ...run, lastEventId };
  return { ...run, checks: mergeChecks(run.checks, [event.check]), lastEventId };
}

/** Milliseconds left until the run's window ends, never below zero nor above the window itself. */
export function remainingMs(run: Pick<SystemCheckRun, 'startedAt' | 'windowEndsAt'>, now: number): number {
  const end = Date.parse(run.windowEndsAt);
  const window = Math.max(0, end - Date.parse(run.startedAt));
  return Math.min(window, Math.max(0, end - now));
}

/** 2:05 */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
