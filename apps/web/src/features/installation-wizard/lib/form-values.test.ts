import { describe, expect, it } from 'vitest';
import { isSameValues, newIdempotencyKey, numberToText, parseNumberInput } from './form-values';

describe('form values', () => {
  it('reads numbers typed with a dot or a German decimal comma', () => {
    expect(parseNumberInput('12')).toBe(12);
    expect(parseNumberInput(' 12.5 ')).toBe(12.5);
    expect(parseNumberInput('12,5')).toBe(12.5);
    expect(parseNumberInput('')).toBeUndefined();
    expect(parseNumberInput('12a')).toBeNaN();
    expect(parseNumberInput('1.000,5')).toBeNaN();
    expect(numberToText(null)).toBe('');
    expect(numberToText(480)).toBe('480');
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
