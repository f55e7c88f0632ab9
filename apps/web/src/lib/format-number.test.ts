import { describe, expect, it } from 'vitest';
import { formatNumber } from './format-number';

describe('formatNumber', () => {
  it('writes numbers the way each interface language does', () => {
    expect(formatNumber(2080, 'de')).toBe('2.080');
    expect(formatNumber(2080, 'en')).toBe('2,080');
    expect(formatNumber(24.5, 'de')).toBe('24,5');
    expect(formatNumber(24.5, 'en')).toBe('24.5');
    expect(formatNumber(1.5, 'de', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('1,50');
  });
});
