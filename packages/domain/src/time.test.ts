import { describe, expect, it } from 'vitest';
import { formatMoment, isTimeZone, TimeZoneSchema, todayIn } from './time';

describe('formatMoment', () => {
  it("writes a moment in the language's day order and the given time zone, with its name when asked", () => {
    expect(formatMoment('2026-11-26T16:44:52.276Z', 'de', { timeZone: 'Europe/Berlin', withZone: true })).toBe('26/11/2026 17:44 MEZ');
    expect(formatMoment('2026-11-26T16:44:52.276Z', 'en', { timeZone: 'Europe/Berlin', withZone: true })).toBe('11/26/2026 17:44 CET');
    expect(formatMoment('2026-07-01T23:30:00Z', 'de', { timeZone: 'Europe/Berlin' })).toBe('02/07/2026 01:30');
    expect(formatMoment('2026-07-01T23:30:00Z', 'en', { timeZone: 'America/New_York' })).toBe('07/01/2026 19:30');
    expect(formatMoment(null, 'en')).toBe('');
  });

  it('knows the time zone names of the runtime', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(TimeZoneSchema.safeParse('Europe/Lisbon').success).toBe(true);
    expect(TimeZoneSchema.safeParse('').success).toBe(false);
  });
});

describe('todayIn', () => {
  it('gives the day in the time zone and the moment it began there', () => {
    const now = new Date('2026-11-27T23:30:00Z');
    expect(todayIn('Europe/Berlin', now)).toEqual({ day: '2026-11-28', start: new Date('2026-11-27T23:00:00Z') });
    expect(todayIn('UTC', now)).toEqual({ day: '2026-11-27', start: new Date('2026-11-27T00:00:00Z') });
    expect(todayIn('America/New_York', now)).toEqual({ day: '2026-11-27', start: new Date('2026-11-27T05:00:00Z') });
  });

  it('begins the day at the local midnight on a day the clocks change', () => {
    // Berlin goes to summer time at 02:00 on 29 March 2026: midnight was still winter time (UTC+1).
    expect(todayIn('Europe/Berlin', new Date('2026-03-29T20:00:00Z')).start).toEqual(new Date('2026-03-28T23:00:00Z'));
    // And back on 25 October 2026: midnight was still summer time (UTC+2).
    expect(todayIn('Europe/Berlin', new Date('2026-10-25T20:00:00Z')).start).toEqual(new Date('2026-10-24T22:00:00Z'));
  });
});
