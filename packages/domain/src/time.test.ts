import { describe, expect, it } from 'vitest';
import { formatMoment, isTimeZone, TimeZoneSchema } from './time';

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
