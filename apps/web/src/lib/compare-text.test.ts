import { describe, expect, it } from 'vitest';
import { compareText } from './compare-text';

describe('compareText', () => {
  it('orders ISO timestamps by time, also across a day or a year', () => {
    const saved = ['2026-11-29T08:00:00.000Z', '2025-12-31T23:59:59.999Z', '2026-11-29T07:59:59.999Z', '2026-01-01T00:00:00.000Z'];
    expect([...saved].sort(compareText)).toEqual(['2025-12-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z', '2026-11-29T07:59:59.999Z', '2026-11-29T08:00:00.000Z']);
  });

  it('gives the same order of keys whatever order they came in', () => {
    const keys = ['vehicle.licensePlate', 'panels.1.serial', 'panels.0.serial', 'Vehicle', 'panelCount'];
    expect([...keys].sort(compareText)).toEqual([...keys].reverse().sort(compareText));
    expect(compareText('panels', 'panels')).toBe(0);
  });
});
