import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLLOUT_PARAMS, parseRolloutParams, rolloutQuery } from './rollout-params';

describe('rollout filters in the address', () => {
  it('read what the page wrote, and write only what is set', () => {
    const params = { from: '2026-11-01', to: '2026-11-27', company: '3', city: 'München', status: 'stalled' as const, interval: 'week' as const };
    const query = rolloutQuery(params);
    expect(query.toString()).toBe('from=2026-11-01&to=2026-11-27&company=3&city=M%C3%BCnchen&status=stalled&interval=week');
    expect(parseRolloutParams(query)).toEqual(params);
    expect(rolloutQuery(DEFAULT_ROLLOUT_PARAMS).toString()).toBe('');
  });

  it('drop what the API would refuse instead of failing the page', () => {
    const parsed = parseRolloutParams(new URLSearchParams('from=yesterday&company=abc&status=done&interval=month&to=2026-02-30x'));
    expect(parsed).toEqual(DEFAULT_ROLLOUT_PARAMS);
    expect(parseRolloutParams(new URLSearchParams('company=none')).company).toBe('none');
  });
});
