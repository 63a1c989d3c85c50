import { type CSSProperties, type KeyboardEvent, type PointerEvent, useState } from 'react';
import { formatDate } from '../../lib/format';
import type { ChartRow } from './chart-row';
import { type ChartSeries, IndexTooltip } from './index-tooltip';

/**
 * The chart's read-out, laid over the plot area: the pointer (or the arrow keys, once focused)
 * picks a day and the tooltip lists every series on it. It reads the rows shown (every day, even
 * where the lines are thinned), and its state is its own: hovering re-renders this layer only,
 * never the 19 lines underneath, so the tooltip follows the pointer within a frame.
 */
export type PlotBox = { left: number; top: number; width: number; height: number };

export type IndexHoverLayerProps = {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  plot: PlotBox;
};

/** The day under an x offset in the plot: the axis is linear from the first to the last day. */
/** The layer reaches a few pixels past each end of the plot, so the first and last days are easy to hit. */
const SLOP = 6;

export const dayIndexAt = (x: number, plotWidth: number, count: number): number =>
  count <= 1 ? 0 : Math.min(count - 1, Math.max(0, Math.round((x / plotWidth) * (count - 1))));

export function IndexHoverLayer({ rows, series, format, plot }: IndexHoverLayerProps) {
  const [active, setActive] = useState<number | null>(null);
  const index = active === null ? null : Math.min(active, rows.length - 1);
  const row = index === null ? undefined : rows[index];
  const x = SLOP + (index === null || rows.length <= 1 ? 0 : (index / (rows.length - 1)) * plot.width);

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setActive(dayIndexAt(event.clientX - box.left - SLOP, box.width - 2 * SLOP, rows.length));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, PageUp: -7, PageDown: 7 }[event.key];
    const edge = event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1 : null;
    if (step === undefined && edge === null) return;
    event.preventDefault();
    setActive((current) => edge ?? Math.min(rows.length - 1, Math.max(0, (current ?? 0) + (step ?? 0))));
  };

  return (
    // A slider role: <input type="range"> cannot host the read-out over the plot.
    <div
      className="index-hover"
      style={{ left: plot.left - SLOP, top: plot.top, width: plot.width + 2 * SLOP, height: plot.height }}
      role="slider"
      tabIndex={0}
      aria-label="Read the chart day by day (arrow keys)"
      aria-valuemin={0}
      aria-valuemax={Math.max(0, rows.length - 1)}
      aria-valuenow={index ?? 0}
      aria-valuetext={row === undefined ? 'No day chosen' : readOut(row, series, format)}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setActive(null)}
      onFocus={() => setActive((current) => current ?? rows.length - 1)}
      onBlur={() => setActive(null)}
      onKeyDown={onKeyDown}
    >
      {row === undefined ? null : (
        <>
          <div className="index-hover__cursor" style={{ transform: `translateX(${x}px)` }} />
          <div
            className={`index-hover__tip index-hover__tip--${x > plot.width / 2 ? 'left' : 'right'}`}
            style={{ '--x': `${x}px` } as CSSProperties}
          >
            <IndexTooltip row={row} series={series} format={format} />
          </div>
        </>
      )}
    </div>
  );
}

function readOut(row: ChartRow, series: readonly ChartSeries[], format: (value: number) => string): string {
  const values = series.map((spec, i) => {
    const value = row.values[i];
    return `${spec.name} ${value == null ? 'no data' : format(value)}`;
  });
  return `${formatDate(row.date)}: ${values.join(', ')}`;
}
