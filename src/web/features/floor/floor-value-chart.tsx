import type { CSSProperties } from 'react';
import { niceTicks } from '../../components/line-chart/line-scale';
import { formatUsd, formatUsdCompact } from '../../lib/format';
import { FLOOR_CHART_ROW_HEIGHT, floorChartHeight } from './floor-chart-size';

/**
 * Total listed value by category, as horizontal bars (19 category names read better down the side),
 * in plain HTML and CSS: a bar's width is its share of the axis, the axis' ticks are text. Pure: fed
 * by props, no data fetching; plain HTML draws in a fraction of a chart library's time on a phone
 * (docs/dashboard.md). Each bar is a button named by its category and value; pressing it chooses the category (the same as the filter or the table).
 */
export interface FloorValueChartProps {
  rows: readonly { category: string; total_value: number }[];
  selected: string | null;
  /** Pressing a bar chooses its category (the same as the filter or the table's links). */
  onSelect?: (category: string) => void;
}

export function FloorValueChart({ rows, selected, onSelect }: FloorValueChartProps) {
  const data = [...rows].sort((a, b) => b.total_value - a.total_value);
  const { domain, ticks } = niceTicks([0, Math.max(0, ...data.map((row) => row.total_value))]);
  const share = (value: number) => `${(Math.max(0, value - domain[0]) / (domain[1] - domain[0])) * 100}%`;
  return (
    <div
      className="floor-bars"
      style={
        { height: floorChartHeight(data.length), '--row': `${FLOOR_CHART_ROW_HEIGHT}px` } as CSSProperties
      }
    >
      <div className="floor-bars__plot">
        {ticks.map((tick) => (
          <span key={tick} className="floor-bars__grid" style={{ left: share(tick) }} />
        ))}
      </div>
      <ol className="floor-bars__rows">
        {data.map((row) => {
          const chosen = row.category === selected;
          return (
            <li key={row.category} className="floor-bars__row">
              <span className="floor-bars__name" data-selected={chosen || undefined}>
                {row.category}
              </span>
              <button
                type="button"
                className="floor-bars__track"
                title={`${row.category}: ${formatUsd(row.total_value)}`}
                aria-label={`${row.category}: ${formatUsd(row.total_value)}`}
                aria-pressed={chosen}
                onClick={() => onSelect?.(row.category)}
              >
                <span
                  className="floor-bars__bar"
                  data-selected={chosen || undefined}
                  style={{ width: share(row.total_value) }}
                />
              </button>
            </li>
          );
        })}
      </ol>
      <div className="floor-bars__axis" aria-hidden="true">
        {ticks.map((tick) => (
          <span key={tick} style={{ left: share(tick) }}>
            {formatUsdCompact(tick)}
          </span>
        ))}
      </div>
    </div>
  );
}
