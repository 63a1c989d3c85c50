import { lazy, Suspense } from 'react';
import type { FloorRow } from '../../../contract/resources';
import { Skeleton } from '../../components/query-state/skeleton';

const FloorValueChart = lazy(() =>
  import('./floor-value-chart').then((module) => ({ default: module.FloorValueChart })),
);

/**
 * The chart panel of the floor page: recharts loads only once there are rows to draw (it is not
 * part of the first paint); the table beside it holds the same numbers.
 */
export interface FloorChartPanelProps {
  rows: readonly FloorRow[];
  selected: string | null;
  loading: boolean;
  onSelect: (category: string) => void;
}

export function FloorChartPanel({ rows, selected, loading, onSelect }: FloorChartPanelProps) {
  return (
    <section className="panel" aria-labelledby="floor-chart-title">
      <div className="panel__header">
        <h2 id="floor-chart-title">Total listed value by category</h2>
      </div>
      {rows.length > 0 ? (
        <figure className="chart-figure">
          <Suspense fallback={<Skeleton label="Loading the chart" variant="chart" />}>
            <FloorValueChart rows={rows} selected={selected} onSelect={onSelect} />
          </Suspense>
          <figcaption className="visually-hidden">
            Bar chart of the total value of active listings per category; the table holds the same numbers.
          </figcaption>
        </figure>
      ) : loading ? (
        <Skeleton label="Loading the chart" variant="chart" />
      ) : (
        <p className="page__meta">The chart appears with the floor data.</p>
      )}
    </section>
  );
}
