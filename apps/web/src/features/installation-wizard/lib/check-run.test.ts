import { describe, expect, it } from 'vitest';
import { createCheck, createRun } from '../testing/check-factory';
import { applyCheckEvent, formatCountdown, mergeRun, remainingMs, runOutcome } from './check-run';

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

describe('check run', () => {
  it('is pending while any check waits, failed with a failure, passed when every check succeeded', () => {
    expect(runOutcome([])).toBe('pending');
    expect(runOutcome([createCheck({ status: 'failed' }), createCheck({ id: 2 })])).toBe('pending');
    expect(runOutcome([createCheck({ status: 'failed' }), createCheck({ id: 2, status: 'success' })])).toBe('failed');
    expect(runOutcome([createCheck({ status: 'success' }), createCheck({ id: 2, status: 'success' })])).toBe('passed');
  });

  it('merges a check update into its run and remembers the event id', () => {
    const run = createRun();
    const check = { ...run.checks[1]!, status: 'success' as const, totalMcu: 2, updatedAt: later(run.checks[1]!.updatedAt, 2000) };
    const next = applyCheckEvent(run, { kind: 'check-updated', check }, '18');
    expect(next.checks.map((c) => c.status)).toEqual(['pending', 'success', 'pending']);
    expect(next.checks[1]!.totalMcu).toBe(2);
    expect(next.lastEventId).toBe('18');
  });

  it('ignores updates of an earlier run and never goes back to pending', () => {
    const run = createRun({ runId: 10 }, 'success');
    const stale = createCheck({ id: 901, runId: 9, status: 'failed' });
    expect(applyCheckEvent(run, { kind: 'check-updated', check: stale }, '40').checks.map((c) => c.status)).toEqual(['success', 'success', 'success']);
    const older = mergeRun(run, { ...createRun({ runId: 10, lastEventId: '5' }) });
    expect(older.checks.map((c) => c.status)).toEqual(['success', 'success', 'success']);
    expect(older.lastEventId).toBe('17');
  });

  it('replaces the run when a newer one starts, by event or by the restart answer', () => {
    const run = createRun({}, 'success');
    const restarted = createRun({ runId: 10, lastEventId: '30' });
    const byEvent = applyCheckEvent(run, { kind: 'run-started', runId: 10, startedAt: restarted.startedAt, windowEndsAt: restarted.windowEndsAt, checks: restarted.checks }, '30');
    expect(byEvent.runId).toBe(10);
    expect(byEvent.checks.map((c) => c.id)).toEqual([1001, 1002, 1003]);
    // The answer of the restart arriving after the stream's first result keeps that result.
    const withResult = applyCheckEvent(byEvent, { kind: 'check-updated', check: { ...restarted.checks[0]!, status: 'success', updatedAt: later(restarted.startedAt, 2000) } }, '31');
    const merged = mergeRun(withResult, restarted);
    expect(merged.checks.map((c) => c.status)).toEqual(['success', 'pending', 'pending']);
    expect(merged.lastEventId).toBe('31');
    // An older run read late changes nothing.
    expect(mergeRun(merged, run).runId).toBe(10);
  });

  it('counts down within the window only', () => {
    const run = { startedAt: '2026-11-21T10:00:00.000Z', windowEndsAt: '2026-11-21T10:03:00.000Z' };
    expect(remainingMs(run, Date.parse('2026-11-21T10:01:00.000Z'))).toBe(120_000);
    expect(remainingMs(run, Date.parse('2026-11-21T09:00:00.000Z'))).toBe(180_000);
    expect(remainingMs(run, Date.parse('2026-11-21T10:05:00.000Z'))).toBe(0);
    expect(formatCountdown(125_000)).toBe('2:05');
    expect(formatCountdown(400)).toBe('0:01');
  });
});
