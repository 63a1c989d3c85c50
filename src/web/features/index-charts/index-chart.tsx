import { memo, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../lib/format';
import { CHART_MARGIN, Y_AXIS_WIDTH } from './chart-geometry';
import { fromDayNumber } from './index-dates';
import type { ChartRow } from './index-series';
import { type ChartSeries, IndexTooltip } from './index-tooltip';

export type IndexChartProps = {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  scale: 'linear' | 'log';
  domain: [number, number] | ['auto', 'auto'];
  format: { full: (value: number) => string; tick: (value: number) => string };
  width: number;
  height: number;
  /** The figure's accessible name: what is drawn, over which dates. */
  title: string;
};

const tickDate = (t: number) => formatDate(fromDayNumber(t)).replace(/, \d{4}$/, '');

/**
 * The index lines. Pure and memoised: fed rows already cut to the window and thinned to the pixel
 * width, so hovering re-renders only recharts' tooltip layer. Gaps stay gaps (connectNulls off);
 * animation is off (a chart of figures should not move under the reader's cursor).
 */
export const IndexChart = memo(function IndexChart({
  rows,
  series,
  scale,
  domain,
  format,
  width,
  height,
  title,
}: IndexChartProps) {
  const rowByT = useMemo(() => new Map(rows.map((row) => [row.t, row])), [rows]);
  const data = rows as ChartRow[];
  return (
    <figure className="index-chart" data-testid="index-chart" aria-label={title}>
      <LineChart width={width} height={height} data={data} margin={CHART_MARGIN} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--chart-grid, #d0d4dc)" />
        <XAxis
          dataKey="t"
          type="number"
          scale="linear"
          domain={['dataMin', 'dataMax']}
          tickFormatter={tickDate}
          tick={{ fill: 'var(--text-muted, #555)', fontSize: 12 }}
          minTickGap={24}
        />
        <YAxis
          scale={scale}
          domain={domain}
          allowDataOverflow={scale === 'log'}
          width={Y_AXIS_WIDTH}
          tickFormatter={format.tick}
          tick={{ fill: 'var(--text-muted, #555)', fontSize: 12 }}
        />
        <Tooltip
          isAnimationActive={false}
          filterNull={false}
          cursor={{ stroke: 'var(--text-muted, #555)', strokeDasharray: '3 3' }}
          content={({ label }) => (
            <IndexTooltip row={rowByT.get(Number(label))} series={series} format={format.full} />
          )}
        />
        {series.map((spec, index) => (
          <Line
            key={spec.key}
            name={spec.name}
            dataKey={(row: ChartRow) => row.values[index]}
            type="linear"
            stroke={spec.color}
            strokeDasharray={spec.dash}
            strokeWidth={1.75}
            dot={false}
            activeDot={{ r: 3 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </figure>
  );
});
