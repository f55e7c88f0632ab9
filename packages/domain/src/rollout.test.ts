import { describe, expect, it } from 'vitest';
import { RolloutFilterSchema, daysBetween, rolloutSince, rolloutStatus, type RolloutFacts } from './rollout';

const now = new Date('2026-11-27T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);
const draft = (over: Partial<NonNullable<RolloutFacts['installation']>> = {}): RolloutFacts => ({
  installation: { status: 'draft', proceededWithFailedChecks: false, reopenedAt: null, updatedAt: daysAgo(1), submittedAt: null, ...over },
});

describe('rolloutStatus', () => {
  it('a system without installation is not started', () => {
    expect(rolloutStatus({ installation: null }, now)).toBe('notStarted');
    expect(rolloutSince({ installation: null }, 'notStarted')).toBeNull();
  });

  it('a draft touched within the stall days is in progress, after them stalled', () => {
    expect(rolloutStatus(draft({ updatedAt: daysAgo(3) }), now)).toBe('inProgress');
    expect(rolloutStatus(draft({ updatedAt: new Date(daysAgo(3).getTime() - 1000) }), now)).toBe('stalled');
    expect(rolloutStatus(draft({ updatedAt: daysAgo(4) }), now)).toBe('stalled');
  });

  it("the fleet's own stall days count", () => {
    expect(rolloutStatus(draft({ updatedAt: daysAgo(4) }), now, 7)).toBe('inProgress');
    expect(rolloutStatus(draft({ updatedAt: daysAgo(2) }), now, 1)).toBe('stalled');
  });

  it('completed, with failed checks when the installer proceeded with one', () => {
    const submittedAt = daysAgo(2);
    expect(rolloutStatus(draft({ status: 'completed', submittedAt }), now)).toBe('completed');
    const failed = draft({ status: 'completed', proceededWithFailedChecks: true, submittedAt });
    expect(rolloutStatus(failed, now)).toBe('completedFailedChecks');
    expect(rolloutSince(failed, 'completedFailedChecks')).toEqual(submittedAt);
  });

  it('a reopened draft stays reopened, however long it is untouched, until submitted again', () => {
    const reopenedAt = daysAgo(10);
    const reopened = draft({ reopenedAt, updatedAt: daysAgo(10) });
    expect(rolloutStatus(reopened, now)).toBe('reopened');
    expect(rolloutSince(reopened, 'reopened')).toEqual(reopenedAt);
    expect(rolloutStatus(draft({ status: 'completed', reopenedAt, submittedAt: daysAgo(1) }), now)).toBe('completed');
  });

  it('time in a state counts whole days', () => {
    expect(daysBetween(daysAgo(2.9), now)).toBe(2);
    expect(daysBetween(now, daysAgo(1))).toBe(0);
  });
});

describe('RolloutFilterSchema', () => {
  it('takes a company id or "none", a status and an interval', () => {
    expect(RolloutFilterSchema.parse({ company: '4', status: 'stalled', interval: 'week' })).toEqual({ company: 4, status: 'stalled', interval: 'week' });
    expect(RolloutFilterSchema.parse({ company: 'none' }).company).toBe('none');
  });
  it('refuses a range that ends before it starts, or spans more than a year', () => {
    expect(RolloutFilterSchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }).success).toBe(false);
    expect(RolloutFilterSchema.safeParse({ from: '2025-01-01', to: '2026-11-01' }).success).toBe(false);
    expect(RolloutFilterSchema.safeParse({ status: 'done' }).success).toBe(false);
  });
});
