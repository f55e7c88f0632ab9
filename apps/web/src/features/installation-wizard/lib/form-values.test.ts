import { describe, expect, it } from 'vitest';
import { isSameValues, newIdempotencyKey, numberToText, parseNumberInput } from './form-values';

describe('form values', () => {
  it('reads numbers typed in the interface language', () => {
    const typed: [text: string, locale: 'en' | 'de', read: number | undefined][] = [
      ['12', 'en', 12],
      [' 12.5 ', 'en', 12.5],
      ['12,5', 'de', 12.5],
      ['15.000', 'de', 15000],
      ['15,000', 'en', 15000],
      ['', 'de', undefined],
      ['12a', 'en', NaN],
      ['1.000,5', 'en', NaN],
    ];
    for (const [text, locale, read] of typed) expect(parseNumberInput(text, locale), `'${text}' in ${locale}`).toBe(read);
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
