import './line-chart.css';
import { memo, useId } from 'react';
import { CHART_MARGIN, plotWidthOf, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './chart-geometry';
import type { ChartRow } from './chart-row';
import { dayTickLabels, dayTicks } from './day-ticks';
import { IndexHoverLayer } from './index-hover-layer';
import type { ChartSeries } from './index-tooltip';
import { linearScale, linePath, logScale, niceTicks, valueExtent } from './line-scale';
import { logTicks } from './log-ticks';

export type IndexChartProps = {
  /** The rows the lines are drawn through (thinned to the pixel width). */
  rows: readonly ChartRow[];
  /** Every day shown, for the read-out. */
  shownRows: readonly ChartRow[];
  series: readonly ChartSeries[];
  scale: 'linear' | 'log';
  /** A log axis' domain, or `auto` (a linear axis: nice ticks around the values drawn). */
  domain: [number, number] | ['auto', 'auto'];
  format: { full: (value: number) => string; tick: (value: number) => string };
  width: number;
  height: number;
  /** The figure's accessible name: what is drawn, over which dates. */
  title: string;
};

const TICK_SIZE = 6;

/**
 * The index lines, as plain SVG: one path per series (a new run after each gap), horizontal grid
 * lines at the y ticks, the axes' labels as text. Pure and memoised: fed rows already cut to the
 * window and thinned to the pixel width; plain SVG draws in a few ms where a chart library made one
 * long task on a phone (docs/dashboard.md). The read-out (cursor and tooltip) is a
 * layer of its own on top, so hovering never re-renders the lines.
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
  // An id fit for `url(#...)`: React's ids hold characters that would need escaping there.
  const clip = `index-plot${useId().replace(/[^\w-]/g, '')}`;
  const plot = {
    left: CHART_MARGIN.left + Y_AXIS_WIDTH,
    top: CHART_MARGIN.top,
    width: plotWidthOf(width),
    height: height - CHART_MARGIN.top - CHART_MARGIN.bottom - X_AXIS_HEIGHT,
  };
  const bottom = plot.top + plot.height;
  const first = rows[0]?.t ?? 0;
  const last = rows.at(-1)?.t ?? first;
  const x = linearScale([first, last], plot.left, plot.left + plot.width);
  const xTicks = dayTicks(first, last, plot.width);
  const xLabels = dayTickLabels(xTicks);
  const axis =
    scale === 'log' && domain[0] !== 'auto'
      ? { domain: domain as [number, number], ticks: logTicks(domain as [number, number]) }
      : niceTicks(valueExtent(rows) ?? [0, 1]);
  const y = (scale === 'log' ? logScale : linearScale)(axis.domain, bottom, plot.top);
  const inPlot = (value: number) => value >= axis.domain[0] && value <= axis.domain[1];
  return (
    <figure className="index-chart" data-testid="index-chart" aria-label={title}>
      <svg className="index-chart__svg" width={width} height={height} aria-hidden="true" focusable="false">
        <defs>
          <clipPath id={clip}>
            <rect x={plot.left} y={plot.top} width={plot.width} height={plot.height} />
          </clipPath>
        </defs>
        <g className="index-chart__grid">
          {axis.ticks.filter(inPlot).map((tick) => (
            <line key={tick} x1={plot.left} x2={plot.left + plot.width} y1={y(tick)} y2={y(tick)} />
          ))}
        </g>
        <g className="index-chart__axis index-chart__axis--y">
          <line x1={plot.left} x2={plot.left} y1={plot.top} y2={bottom} />
          {axis.ticks.filter(inPlot).map((tick) => (
            <g key={tick}>
              <line x1={plot.left - TICK_SIZE} x2={plot.left} y1={y(tick)} y2={y(tick)} />
              <text x={plot.left - TICK_SIZE - 2} y={y(tick)} dy="0.355em" textAnchor="end">
                {format.tick(tick)}
              </text>
            </g>
          ))}
        </g>
        <g className="index-chart__axis index-chart__axis--x">
          <line x1={plot.left} x2={plot.left + plot.width} y1={bottom} y2={bottom} />
          {xTicks.map((tick, i) => (
            <g key={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={bottom} y2={bottom + TICK_SIZE} />
              <text x={x(tick)} y={bottom + TICK_SIZE + 2} dy="0.71em" textAnchor="middle">
                {xLabels[i]}
              </text>
            </g>
          ))}
        </g>
        <g clipPath={`url(#${clip})`} fill="none" strokeWidth={1.75}>
          {series.map((spec, index) => (
            <path
              key={spec.key}
              className="index-chart__line"
              data-series={spec.key}
              d={linePath(rows, index, x, y)}
              stroke={spec.color}
              strokeDasharray={spec.dash}
              strokeLinejoin="round"
            />
          ))}
        </g>
      </svg>
      <IndexHoverLayer rows={shownRows} series={series} format={format.full} plot={plot} />
    </figure>
  );
});
