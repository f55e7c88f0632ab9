import { DEFAULT_THEME, luminance, toRgba } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { SUCCESS_TEXT_COLOR, WARNING_TEXT_COLOR } from './contrast-colors';

/** WCAG 2.1 contrast ratio of two opaque colours. */
const contrast = (a: string, b: string) => {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

/** A colour seen at `opacity` over white, as the rows of a list that is updating show. */
const onWhiteAt = (color: string, opacity: number) => {
  const { r, g, b } = toRgba(color);
  const mix = (c: number) => Math.round(c * opacity + 255 * (1 - opacity));
  return `rgb(${mix(r)}, ${mix(g)}, ${mix(b)})`;
};

/** The opacity of an installations table or card list while it updates (installations-table.module.css, installation-cards.module.css). */
const UPDATING_OPACITY = 0.85;
const { green, orange } = DEFAULT_THEME.colors;

describe('text colours keep 4.5:1 (WCAG 1.4.3)', () => {
  it('on white and on their own light badge and alert backgrounds', () => {
    for (const [text, light] of [
      [SUCCESS_TEXT_COLOR, green[1]],
      [WARNING_TEXT_COLOR, orange[1]],
    ] as const) {
      expect(contrast(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, light)).toBeGreaterThanOrEqual(4.5);
    }
    // White words on a warning button.
    expect(contrast('#ffffff', WARNING_TEXT_COLOR)).toBeGreaterThanOrEqual(4.5);
  });

  it("the 'Failed checks' badge in a list that is updating", () => {
    expect(contrast(onWhiteAt(WARNING_TEXT_COLOR, UPDATING_OPACITY), onWhiteAt(orange[1], UPDATING_OPACITY))).toBeGreaterThanOrEqual(4.5);
  });
});
