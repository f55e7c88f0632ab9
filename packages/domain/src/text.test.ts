import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText, SafeTextSchema } from './text';

describe('the text rule', () => {
  it('accepts ordinary text, emoji (surrogate pairs) and other control characters', () => {
    for (const text of ['', 'Müller GmbH', 'Bus 🚌 7', 'tab\tand\nnewline', '\u00e9\u0301']) expect(isSafeText(text), text).toBe(true);
  });

  it('refuses NUL and lone surrogates anywhere in a string', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD800', 'x\uD83D', '\uDE8Cx', 'ok \uDC00\uD800 reversed']) expect(isSafeText(text), JSON.stringify(text)).toBe(false);
  });

  it('finds the first unsafe string of a nested value by its path, including object keys', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'bad\u0000' }] })).toEqual(['a', 1, 'b']);
    expect(findUnsafeText({ ['key\uD800']: 1 })).toEqual(['key\uD800']);
    expect(findUnsafeText('\uDFFF')).toEqual([]);
    expect(findUnsafeText({ a: 1, b: [true, null, 'fine 🚌'] })).toBeNull();
  });

  it('walks very deep values without overflowing the stack', () => {
    let value: unknown = 'deep\u0000';
    for (let i = 0; i < 100_000; i++) value = [value];
    expect(findUnsafeText(value)).toHaveLength(100_000);
  });

  it('offers the rule as a schema for form fields', () => {
    expect(SafeTextSchema.safeParse('fine').success).toBe(true);
    expect(SafeTextSchema.safeParse('a\u0000').error?.issues[0]?.message).toBe('invalidCharacters');
  });
});
