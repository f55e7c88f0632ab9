import type { Fill } from '../lib/rollout-colors';

/** One SVG pattern: the colour with its own marks on white, or the plain colour for "solid". */
export function PatternDef({ id, fill }: { id: string; fill: Fill }) {
  const { color, pattern } = fill;
  const stroke = { stroke: color, strokeWidth: 2 };
  const marks: Record<Fill['pattern'], React.ReactNode> = {
    solid: <rect width="8" height="8" fill={color} />,
    diagonal: <path d="M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4" {...stroke} />,
    antidiagonal: <path d="M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4" {...stroke} />,
    dots: <circle cx="4" cy="4" r="2.2" fill={color} />,
    crosshatch: <path d="M0,0 l8,8 M8,0 l-8,8" {...stroke} strokeWidth={1.5} />,
    horizontal: <path d="M0,2 h8 M0,6 h8" {...stroke} />,
    vertical: <path d="M2,0 v8 M6,0 v8" {...stroke} />,
    grid: <path d="M0,4 h8 M4,0 v8" {...stroke} />,
  };
  return (
    <pattern id={id} width="8" height="8" patternUnits="userSpaceOnUse">
      {pattern !== 'solid' && <rect width="8" height="8" fill="#ffffff" />}
      {marks[pattern]}
    </pattern>
  );
}

/** A small square of a fill, for the keys of charts and the status column of tables. */
export function Swatch({ fill, id }: { fill: Fill; id: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden focusable="false" style={{ flex: 'none', verticalAlign: 'middle' }}>
      <defs>
        <PatternDef id={id} fill={fill} />
      </defs>
      <rect x="0.5" y="0.5" width="15" height="15" fill={`url(#${id})`} stroke={fill.color} />
    </svg>
  );
}
