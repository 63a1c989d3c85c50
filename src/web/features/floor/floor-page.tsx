import { useQuery } from '@tanstack/react-query';
import { isCategory } from '../../../contract/categories';
import { floorQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { CategoryFilter } from './category-filter';
import { CategoryLabels } from './category-labels';
import { FloorChartPanel } from './floor-chart-panel';
import { FloorTablePanel } from './floor-table-panel';
import { useCategoryParam } from './use-category-param';
import './floor.css';

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
        <FloorTablePanel
          request={options.queryKey[1]}
          result={result}
          category={category}
          onShowAll={() => setCategory(null)}
        />
        <FloorChartPanel
          rows={result.data?.categories ?? []}
          selected={category}
          loading={result.fetchStatus === 'fetching'}
          onSelect={(next) => setCategory(isCategory(next) ? next : null)}
        />
      </div>
      {category ? <CategoryLabels category={category} /> : null}
    </div>
  );
}
