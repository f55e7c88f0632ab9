import { describe, expect, it } from 'vitest';
import { parseLocaleNumber } from './number-format';

describe('parseLocaleNumber', () => {
  it('reads German decimals and thousands', () => {
    expect(parseLocaleNumber('24,5', 'de')).toBe(24.5);
    expect(parseLocaleNumber('15.000', 'de')).toBe(15000);
    expect(parseLocaleNumber('1.234.567,25', 'de')).toBe(1234567.25);
    expect(parseLocaleNumber(' 2 080 ', 'de')).toBe(2080);
  });

  it('reads English decimals and thousands', () => {
    expect(parseLocaleNumber('24.5', 'en')).toBe(24.5);
    expect(parseLocaleNumber('15,000', 'en')).toBe(15000);
    expect(parseLocaleNumber('1,234,567.25', 'en')).toBe(1234567.25);
    expect(parseLocaleNumber('.5', 'en')).toBe(0.5);
    expect(parseLocaleNumber('-3', 'en')).toBe(-3);
  });

  it("reads the other language's decimal point where it cannot group thousands", () => {
    expect(parseLocaleNumber('24.5', 'de')).toBe(24.5);
    expect(parseLocaleNumber('24,5', 'en')).toBe(24.5);
  });

  it('gives undefined for blank and NaN for what is no number', () => {
    expect(parseLocaleNumber('', 'de')).toBeUndefined();
    expect(parseLocaleNumber('  ', 'en')).toBeUndefined();
    for (const text of ['abc', '1,2,3', '12.5.2', '1.23,4.5', '1e5', '12 kWh']) expect(parseLocaleNumber(text, 'de')).toBeNaN();
  });
});
