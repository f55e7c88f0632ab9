import { describe, expect, it } from 'vitest';
import { isSameValues, newIdempotencyKey, numberToText, parseNumberInput } from './form-values';

describe('form values', () => {
  it('reads numbers typed in the interface language', () => {
    expect(parseNumberInput('12', 'en')).toBe(12);
    expect(parseNumberInput(' 12.5 ', 'en')).toBe(12.5);
    expect(parseNumberInput('12,5', 'de')).toBe(12.5);
    expect(parseNumberInput('15.000', 'de')).toBe(15000);
    expect(parseNumberInput('15,000', 'en')).toBe(15000);
    expect(parseNumberInput('', 'de')).toBeUndefined();
    expect(parseNumberInput('12a', 'en')).toBeNaN();
    expect(parseNumberInput('1.000,5', 'en')).toBeNaN();
  });

  it("writes saved numbers into fields with the language's decimal separator and no grouping", () => {
    expect(numberToText(null, 'de')).toBe('');
    expect(numberToText(480, 'en')).toBe('480');
    expect(numberToText(24.5, 'de')).toBe('24,5');
    expect(numberToText(24.5, 'en')).toBe('24.5');
    expect(numberToText(15000, 'de')).toBe('15000');
  });

  it('compares values by content, ignoring key order and missing keys', () => {
    expect(isSameValues({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(isSameValues({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(isSameValues({ a: '1' }, { a: 1 })).toBe(false);
  });

  it('makes idempotency keys the server accepts, a new one each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
