import { useQuery } from '@tanstack/react-query';
import { type Category, isCategory } from '../../../contract/categories';
import { UrlProblems } from '../../components/url-problems';
import { floorQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { formatDate } from '../../lib/format';
import { useUrlState } from '../../lib/url-state/use-url-state';
import { usePageTitle } from '../../lib/use-page-title';
import { CategoryFilter } from './category-filter';
import { CategoryLabels } from './category-labels';
import { FloorChartPanel } from './floor-chart-panel';
import { FloorTablePanel } from './floor-table-panel';
import { FLOOR_URL } from './floor-url';
import './floor.css';

/**
 * `/`: the floor snapshot (one call: GET /v1/floor for every category; the category filter works
 * on that answer, so changing it costs nothing), the total value chart, and the chosen category's
 * labels (one call per category, cached for the day).
 */
export function FloorPage() {
  const { view, problems, setView } = useUrlState(FLOOR_URL);
  const { category } = view;
  const setCategory = (next: Category | null) => setView({ category: next });
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
      <UrlProblems problems={problems} />
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
