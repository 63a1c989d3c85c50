import type { CSSProperties } from 'react';
import { columnScale, heightOf } from './column-scale';
import './column-chart.css';

export type Column = {
  key: string;
  /** Under the column (the grade, the window). */
  label: string;
  value: number | null;
  /** Printed above the column (a count of sales), if any. */
  above?: string;
};

export type ColumnLine = { values: readonly (number | null)[]; format: (value: number) => string };

type ColumnChartProps = {
  columns: readonly Column[];
  format: (value: number) => string;
  /** The plot's height in CSS pixels: fixed, so the chart takes its room before it draws. */
  height: number;
  /** A second series on its own right-hand axis, drawn as dots joined by a line. */
  line?: ColumnLine;
};

/**
 * A small column chart in plain HTML and CSS: heights in percent of a fixed plot, labels as text.
 * No chart library: a few columns need no library chunk and no measured tick labels, which cost
 * long main-thread tasks. Purely visual: the table beside each chart is what assistive technology
 * reads.
 */
export function ColumnChart({ columns, format, height, line }: ColumnChartProps) {
  const scale = columnScale(columns.map((column) => column.value));
  const lineScale = line ? columnScale(line.values) : null;
  const count = Math.max(1, columns.length);
  const points = line
    ? line.values.flatMap((value, index) =>
        value === null || lineScale === null
          ? []
          : [{ x: ((index + 0.5) / count) * 100, y: 100 - heightOf(value, lineScale), value, index }],
      )
    : [];
  return (
    <div
      className={`column-chart${line ? ' column-chart--line' : ''}`}
      style={{ '--plot-height': `${height}px`, '--columns': count } as CSSProperties}
    >
      <ol className="column-chart__axis">
        {scale.ticks.map((tick) => (
          <li key={tick} style={{ bottom: `${heightOf(tick, scale)}%` }}>
            {format(tick)}
          </li>
        ))}
      </ol>
      <div className="column-chart__plot">
        {scale.ticks.map((tick) => (
          <span key={tick} className="column-chart__grid" style={{ bottom: `${heightOf(tick, scale)}%` }} />
        ))}
        <ol className="column-chart__columns">
          {columns.map((column) => (
            <li key={column.key} className="column-chart__column" data-label={column.label}>
              {column.above !== undefined ? (
                <span className="column-chart__above">{column.above}</span>
              ) : null}
              <span className="column-chart__bar" style={{ height: `${heightOf(column.value, scale)}%` }} />
            </li>
          ))}
        </ol>
        {points.length > 0 ? (
          <div className="column-chart__overlay">
            <svg
              className="column-chart__line"
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              <polyline
                points={points.map((point) => `${point.x},${point.y}`).join(' ')}
                vectorEffect="non-scaling-stroke"
              />
            </svg>
            {points.map((point) => (
              <span
                key={point.index}
                className="column-chart__dot"
                style={{ left: `${point.x}%`, top: `${point.y}%` }}
              />
            ))}
          </div>
        ) : null}
      </div>
      {line && lineScale ? (
        <ol className="column-chart__axis column-chart__axis--right">
          {lineScale.ticks.map((tick) => (
            <li key={tick} style={{ bottom: `${heightOf(tick, lineScale)}%` }}>
              {line.format(tick)}
            </li>
          ))}
        </ol>
      ) : null}
      <ol className="column-chart__labels">
        {columns.map((column) => (
          <li key={column.key}>{column.label}</li>
        ))}
      </ol>
    </div>
  );
}
