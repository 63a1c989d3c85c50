import { memo } from 'react';
import { Brush, Line, LineChart } from 'recharts';
import { formatDate } from '../../lib/format';
import type { DateRange } from './index-dates';
import type { ChartRow } from './index-series';
import type { ChartSeries } from './index-tooltip';

export type IndexBrushProps = {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  zoom: DateRange | null;
  width: number;
  leftInset: number;
  onZoom: (zoom: DateRange | null) => void;
};

/** The index of the first row on or after `date` (or the last row). */
const indexOnOrAfter = (rows: readonly ChartRow[], date: string) => {
  const found = rows.findIndex((row) => row.date >= date);
  return found === -1 ? rows.length - 1 : found;
};
const indexOnOrBefore = (rows: readonly ChartRow[], date: string) => {
  for (let index = rows.length - 1; index >= 0; index -= 1) if (rows[index]!.date <= date) return index;
  return 0;
};

/**
 * The whole range in miniature with a recharts Brush over it: drag the window or its handles (or
 * focus a handle and use the arrow keys) to zoom the main chart. The host chart draws nothing
 * itself, so only the main chart changes; the zoom is reported as dates (it goes into the URL).
 */
export const IndexBrush = memo(function IndexBrush({
  rows,
  series,
  zoom,
  width,
  leftInset,
  onZoom,
}: IndexBrushProps) {
  if (rows.length < 3) return null;
  const last = rows.length - 1;
  const startIndex = zoom === null ? 0 : indexOnOrAfter(rows, zoom.from);
  const endIndex = zoom === null ? last : Math.max(startIndex, indexOnOrBefore(rows, zoom.to));
  const data = rows as ChartRow[];
  return (
    <div className="index-brush" data-testid="index-brush">
      <LineChart
        width={width}
        height={56}
        data={data}
        margin={{ top: 4, right: 16, bottom: 4, left: leftInset }}
      >
        <Brush
          dataKey="date"
          height={48}
          travellerWidth={10}
          startIndex={startIndex}
          endIndex={endIndex}
          tickFormatter={(date: string) => formatDate(date)}
          stroke="var(--color-accent)"
          fill="var(--color-surface)"
          onChange={(next) => {
            const from = rows[next.startIndex ?? 0];
            const to = rows[next.endIndex ?? last];
            if (from === undefined || to === undefined) return;
            const whole = next.startIndex === 0 && next.endIndex === last;
            onZoom(whole ? null : { from: from.date, to: to.date });
          }}
        >
          <LineChart data={data}>
            {series.map((spec, index) => (
              <Line
                key={spec.key}
                dataKey={(row: ChartRow) => row.values[index]}
                stroke={spec.color}
                strokeWidth={1}
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </Brush>
      </LineChart>
    </div>
  );
});
