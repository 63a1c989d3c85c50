import './line-chart.css';
import { memo } from 'react';
import { CartesianGrid, Line, LineChart, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../lib/format';
import { CHART_MARGIN, plotWidthOf, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './chart-geometry';
import type { ChartRow } from './chart-row';
import { dayTicks } from './day-ticks';
import { IndexHoverLayer } from './index-hover-layer';
import type { ChartSeries } from './index-tooltip';
import { logTicks } from './log-ticks';
import { plainTick } from './plain-tick';

export type IndexChartProps = {
  /** The rows the lines are drawn through (thinned to the pixel width). */
  rows: readonly ChartRow[];
  /** Every day shown, for the read-out. */
  shownRows: readonly ChartRow[];
  series: readonly ChartSeries[];
  scale: 'linear' | 'log';
  domain: [number, number] | ['auto', 'auto'];
  format: { full: (value: number) => string; tick: (value: number) => string };
  width: number;
  height: number;
  /** The figure's accessible name: what is drawn, over which dates. */
  title: string;
};

const noLines = (): number[] => [];
const DAY_MS = 86_400_000;
const tickDate = (t: number) =>
  formatDate(new Date(t * DAY_MS).toISOString().slice(0, 10)).replace(/, \d{4}$/, '');

/**
 * The index lines. Pure and memoised: fed rows already cut to the window and thinned to the pixel
 * width. The read-out (cursor and tooltip) is a layer of its own on top, so hovering never
 * re-renders the lines. Gaps stay gaps (connectNulls off); animation is off (a chart of figures
 * should not move under the reader's cursor).
 */
export const IndexChart = memo(function IndexChart({
  rows,
  shownRows,
  series,
  scale,
  domain,
  format,
  width,
  height,
  title,
}: IndexChartProps) {
  const data = rows as ChartRow[];
  const xTicks = dayTicks(rows[0]?.t ?? 0, rows.at(-1)?.t ?? 0, plotWidthOf(width));
  return (
    <figure className="index-chart" data-testid="index-chart" aria-label={title}>
      <LineChart width={width} height={height} data={data} margin={CHART_MARGIN} accessibilityLayer={false}>
        <CartesianGrid
          vertical={false}
          // No vertical lines: without this recharts still works out their places, measuring every
          // x tick label in the page (hundreds of forced layouts).
          verticalCoordinatesGenerator={noLines}
          stroke="var(--chart-grid, #d0d4dc)"
        />
        <XAxis
          dataKey="t"
          type="number"
          scale="linear"
          domain={['dataMin', 'dataMax']}
          ticks={xTicks}
          interval={0}
          tickFormatter={tickDate}
          tick={plainTick}
          height={X_AXIS_HEIGHT}
        />
        <YAxis
          scale={scale}
          ticks={scale === 'log' && domain[0] !== 'auto' ? logTicks(domain) : undefined}
          domain={domain}
          allowDataOverflow={scale === 'log'}
          width={Y_AXIS_WIDTH}
          interval={0}
          tickFormatter={format.tick}
          tick={plainTick}
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
            activeDot={false}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
      <IndexHoverLayer
        rows={shownRows}
        series={series}
        format={format.full}
        plot={{
          left: CHART_MARGIN.left + Y_AXIS_WIDTH,
          top: CHART_MARGIN.top,
          width: width - CHART_MARGIN.left - Y_AXIS_WIDTH - CHART_MARGIN.right,
          height: height - CHART_MARGIN.top - CHART_MARGIN.bottom - X_AXIS_HEIGHT,
        }}
      />
    </figure>
  );
});
