import { describe, expect, it } from 'vitest';
import { displayDateFormat, formatDate, toIsoDate } from './format-date';

describe('formatDate (SPEC §9)', () => {
  it('writes DD/MM/YYYY in German and MM/DD/YYYY in English', () => {
    expect(formatDate('2026-11-20', 'de')).toBe('20/11/2026');
    expect(formatDate('2026-11-20', 'en')).toBe('11/20/2026');
    expect(formatDate('2026-03-04', 'de-AT')).toBe('04/03/2026');
  });

  it('falls back to the English order for any other language', () => {
    expect(displayDateFormat('fr')).toBe('MM/DD/YYYY');
  });

  it('accepts Dates and leaves missing or broken values empty', () => {
    expect(formatDate(new Date(2026, 0, 31), 'en')).toBe('01/31/2026');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('', 'de')).toBe('');
    expect(formatDate('not a date', 'de')).toBe('');
  });

  it('writes a moment as the day it is where the user is', () => {
    const moment = new Date(2026, 10, 20, 23, 30);
    expect(formatDate(moment.toISOString(), 'de')).toBe('20/11/2026');
  });
});

describe('toIsoDate', () => {
  it('gives the local calendar day', () => {
    expect(toIsoDate(new Date(2026, 10, 20, 0, 0, 0))).toBe('2026-11-20');
    expect(toIsoDate(new Date(2026, 10, 20, 23, 59, 59))).toBe('2026-11-20');
  });
});
