import type { RolloutStatus } from '@portal/domain/rollout';

/**
 * Colours of the charts and their keys: each keeps at least 3:1 contrast on white (WCAG 1.4.11),
 * and each comes with its own pattern, so no two are told apart by colour alone.
 */
export const PATTERNS = ['solid', 'diagonal', 'dots', 'crosshatch', 'horizontal', 'vertical', 'antidiagonal', 'grid'] as const;
export type PatternKind = (typeof PATTERNS)[number];

export type Fill = { color: string; pattern: PatternKind };

export const STATUS_FILLS: Record<RolloutStatus, Fill> = {
  notStarted: { color: '#868e96', pattern: 'dots' },
  inProgress: { color: '#1c5d99', pattern: 'diagonal' },
  stalled: { color: '#e8590c', pattern: 'crosshatch' },
  completed: { color: '#2f9e44', pattern: 'solid' },
  completedFailedChecks: { color: '#c2255c', pattern: 'horizontal' },
  reopened: { color: '#7048e8', pattern: 'vertical' },
};

const SERIES_COLORS = ['#1c5d99', '#b83d0c', '#247534', '#6b3fa0', '#8a6d00', '#0b7285', '#c2255c', '#5c5f66'];

/** The fill of the n-th series (installer company) of a chart. */
export const seriesFill = (index: number): Fill => ({ color: SERIES_COLORS[index % SERIES_COLORS.length]!, pattern: PATTERNS[index % PATTERNS.length]! });

/** The id of a fill's SVG pattern, unique per chart. */
export const patternId = (prefix: string, index: number) => `${prefix}-pattern-${index}`;
