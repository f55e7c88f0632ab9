import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PatternDef } from './pattern';
import { patternId, type Fill } from '../lib/rollout-colors';

export type ChartSeries = { key: string; label: string; fill: Fill };

type Props = {
  /** One row per period: `period` (its label) and a count per series key. */
  rows: Record<string, string | number>[];
  series: ChartSeries[];
  idPrefix: string;
};

/**
 * Completions per period stacked by installer company (Recharts, loaded with this page only). The
 * chart is a picture for the eye; its numbers are the table beside it.
 */
export function CompletionsChart({ rows, series, idPrefix }: Props) {
  return (
    <div aria-hidden style={{ width: '100%', height: 260 }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 8, left: -16 }} accessibilityLayer={false}>
          <defs>
            {series.map((s, i) => (
              <PatternDef key={s.key} id={patternId(idPrefix, i)} fill={s.fill} />
            ))}
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#ced4da" />
          <XAxis dataKey="period" tick={{ fontSize: 12, fill: '#495057' }} stroke="#868e96" minTickGap={8} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#495057' }} stroke="#868e96" />
          <Tooltip cursor={{ fill: 'rgba(0,0,0,0.05)' }} />
          {series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.label} stackId="done" fill={`url(#${patternId(idPrefix, i)})`} stroke={s.fill.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
