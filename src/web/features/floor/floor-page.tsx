import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isCategory } from '../../../contract/categories';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { QueryState } from '../../components/query-state/query-state';
import { Skeleton } from '../../components/query-state/skeleton';
import { floorQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { CategoryFilter } from './category-filter';
import { CategoryLabels } from './category-labels';
import { FloorTable } from './floor-table';
import { useCategoryParam } from './use-category-param';

const FloorValueChart = lazy(() =>
  import('./floor-value-chart').then((module) => ({ default: module.FloorValueChart })),
);

/**
 * `/`: the floor snapshot (one call: GET /v1/floor for every category; the category filter works
 * on that answer, so changing it costs nothing), the total value chart, and the chosen category's
 * labels (one call per category, cached for the day).
 */
export function FloorPage() {
  const { category, invalid, setCategory } = useCategoryParam();
  usePageTitle(category ? `Floor: ${category}` : 'Floor overview');
  const options = floorQuery(useApiConnection());
  const result = useQuery(options);
  const rows = result.data?.categories ?? [];
  const shown = category ? rows.filter((row) => row.category === category) : rows;

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1>Floor overview</h1>
          <p className="page__meta">
            {result.data
              ? `Snapshot as of ${formatDate(result.data.as_of)}`
              : 'Latest daily listing snapshot'}
          </p>
        </div>
        <CategoryFilter value={category} onChange={setCategory} />
      </div>
      {invalid ? (
        <p className="state-panel state-panel--info" role="status">
          “{invalid}” is not a category; showing all categories.
        </p>
      ) : null}
      <div className="grid-2">
        <section className="panel" aria-labelledby="floor-title">
          <div className="panel__header">
            <h2 id="floor-title">{category ? `Floor: ${category}` : 'Floor by category'}</h2>
            {category ? (
              <button type="button" className="button button--small" onClick={() => setCategory(null)}>
                Show all categories
              </button>
            ) : null}
          </div>
          <QueryState
            result={result}
            label="the floor"
            isEmpty={(data) => data.categories.length === 0}
            emptyTitle="No active listings on the latest snapshot"
          >
            {(data) =>
              shown.length === 0 ? (
                <p>
                  No active listings in {category} on {formatDate(data.as_of)}.
                </p>
              ) : (
                <FloorTable rows={shown} asOf={data.as_of} />
              )
            }
          </QueryState>
          <ApiCallPanel request={options.queryKey[1]} result={result} />
        </section>
        <section className="panel" aria-labelledby="floor-chart-title">
          <div className="panel__header">
            <h2 id="floor-chart-title">Total listed value by category</h2>
          </div>
          {rows.length > 0 ? (
            <figure className="chart-figure">
              <Suspense fallback={<Skeleton label="Loading the chart" variant="chart" />}>
                <FloorValueChart
                  rows={rows}
                  selected={category}
                  onSelect={(next) => setCategory(isCategory(next) ? next : null)}
                />
              </Suspense>
              <figcaption className="visually-hidden">
                Bar chart of the total value of active listings per category; the table holds the same
                numbers.
              </figcaption>
            </figure>
          ) : result.fetchStatus === 'fetching' ? (
            <Skeleton label="Loading the chart" variant="chart" />
          ) : (
            <p className="page__meta">The chart appears with the floor data.</p>
          )}
        </section>
      </div>
      {category ? <CategoryLabels category={category} /> : null}
    </div>
  );
}
