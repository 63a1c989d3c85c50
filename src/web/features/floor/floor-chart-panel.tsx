import { lazy, Suspense, useRef } from 'react';
import type { FloorRow } from '../../../contract/resources';
import { Skeleton } from '../../components/query-state/skeleton';
import { useNearViewport } from '../../lib/use-near-viewport';
import { chartSelection } from './chart-selection';
import { EXPECTED_FLOOR_ROWS, floorChartHeight } from './floor-chart-size';

const FloorValueChart = lazy(() =>
  import('./floor-value-chart').then((module) => ({ default: module.FloorValueChart })),
);

/**
 * The chart panel of the floor page: the chart loads only once there are rows to draw and the panel
 * is near the screen (on a phone it is below the table: it loads when the visitor scrolls to it);
 * the table beside it holds the same numbers. It follows the category
 * filter: the chosen category's bar and name are marked, and a sentence names its value and rank.
 */
export interface FloorChartPanelProps {
  rows: readonly FloorRow[];
  selected: string | null;
  loading: boolean;
  onSelect: (category: string) => void;
}

export function FloorChartPanel({ rows, selected, loading, onSelect }: FloorChartPanelProps) {
  const selection = chartSelection(rows, selected);
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearViewport(slot);
  return (
    <section className="panel" aria-labelledby="floor-chart-title">
      <div className="panel__header">
        <h2 id="floor-chart-title">Total listed value by category</h2>
      </div>
      {selected ? (
        // Held from the first paint when a category is chosen, so the sentence arriving moves nothing.
        <p
          className="page__meta floor-chart__selection"
          data-testid={selection ? 'floor-chart-selection' : undefined}
        >
          {selection ?? '\u00a0'}
        </p>
      ) : null}
      <div
        ref={slot}
        className="floor-chart__slot"
        style={{ minHeight: floorChartHeight(rows.length > 0 ? rows.length : EXPECTED_FLOOR_ROWS) }}
      >
        {rows.length > 0 && near ? (
          <figure className="chart-figure">
            <Suspense fallback={<Skeleton label="Loading the chart" variant="chart" />}>
              <FloorValueChart rows={rows} selected={selected} onSelect={onSelect} />
            </Suspense>
            <figcaption className="visually-hidden">
              Bar chart of the total value of active listings per category
              {selection ? `, ${selected} marked` : ''}; the table holds the same numbers.
            </figcaption>
          </figure>
        ) : loading || rows.length > 0 ? (
          <Skeleton label="Loading the chart" variant="chart" />
        ) : (
          <p className="page__meta">The chart appears with the floor data.</p>
        )}
      </div>
    </section>
  );
}
