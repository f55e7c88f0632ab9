import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MAX_AGE_SECONDS, HEARTBEAT_MAX_FUTURE_SECONDS, heartbeatTimestampProblem } from './system-check';

describe('heartbeatTimestampProblem', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

  it('accepts timestamps from 24 h ago up to 5 min ahead, both ends included', () => {
    for (const s of [-HEARTBEAT_MAX_AGE_SECONDS, -3600, 0, HEARTBEAT_MAX_FUTURE_SECONDS]) expect(heartbeatTimestampProblem(at(s), now), String(s)).toBeNull();
  });

  it('refuses older and later ones', () => {
    expect(heartbeatTimestampProblem(at(-HEARTBEAT_MAX_AGE_SECONDS - 1), now)).toBe('TIMESTAMP_TOO_OLD');
    expect(heartbeatTimestampProblem(at(HEARTBEAT_MAX_FUTURE_SECONDS + 1), now)).toBe('TIMESTAMP_IN_FUTURE');
  });

  it('compares instants, whatever the offset', () => {
    expect(heartbeatTimestampProblem('2026-11-24T13:04:00+01:00', now)).toBeNull();
    expect(heartbeatTimestampProblem('2026-11-24T13:06:00+01:00', now)).toBe('TIMESTAMP_IN_FUTURE');
  });
});
