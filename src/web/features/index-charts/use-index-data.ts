import { type QueryClient, type UseQueryResult, useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { IndexData, SalesIndexData } from '../../../contract/resources';
import { type IndexQueryParams, indexQuery, salesIndexQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { type CombinedResult, combineResults } from './combined-result';
import {
  type IndexRequestParams,
  planIndexRequests,
  type RequestPlan,
  type SeriesSpec,
} from './index-request-plan';
import { latestDate, type PointsByDate, pointsBySeries } from './index-series';
import type { IndexMetric } from './index-view';

/** The query of a planned request: the weekly sales index for its metric, else the daily snapshot index. */
const queryOf =
  (metric: IndexMetric) => (api: { baseUrl: string; apiKey: string | null }, params: IndexQueryParams) =>
    metric === 'sales_index' ? salesIndexQuery(api, params) : indexQuery(api, params);
type SeriesQuery = ReturnType<typeof indexQuery> | ReturnType<typeof salesIndexQuery>;

/** A fresh, successful answer already in the react-query cache: drawing from it costs no call. */
function isFresh(
  client: QueryClient,
  baseUrl: string,
  params: IndexRequestParams,
  metric: IndexMetric,
): boolean {
  const options = queryOf(metric)({ baseUrl, apiKey: null }, params);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query === undefined || query.state.status !== 'success') return false;
  const staleTime =
    typeof options.staleTime === 'function' ? options.staleTime(query as never) : options.staleTime;
  return typeof staleTime === 'number' && !query.isStaleByTime(staleTime);
}

export type IndexChartData = {
  plan: RequestPlan;
  requests: SeriesQuery[];
  results: UseQueryResult<IndexData | SalesIndexData>[];
  /** The answers seen as one, for the page's loading / error / empty states. */
  state: CombinedResult;
  points: Map<string, PointsByDate>;
  latest: string | null;
};

/**
 * key -> planned requests -> zod-parsed answers in the react-query cache -> points per series.
 * The plan is made when the series change (and frozen until they change again), so its cost is what
 * drawing these series cost, not what a redraw would cost once the answers are cached. `series`
 * must be stable (memoised on the view's categories and labels, which useUrlState keeps stable).
 */
export function useIndexData(series: readonly SeriesSpec[], metric: IndexMetric): IndexChartData {
  const api = useApiConnection();
  const { baseUrl } = api;
  const client = useQueryClient();
  const source = metric === 'sales_index' ? 'sales_index' : 'avg';
  // Frozen by what it plans (the series' keys, not the array's identity): a redraw that rebuilds an
  // equal series list after the answers arrived would otherwise plan again and call them all cached.
  const planKey = [baseUrl, source, ...series.map((spec) => spec.key)].join('\n');
  const frozen = useRef<{ key: string; plan: RequestPlan } | null>(null);
  if (frozen.current?.key !== planKey) {
    frozen.current = {
      key: planKey,
      plan: planIndexRequests([...series], (params) => isFresh(client, baseUrl, params, source)),
    };
  }
  const plan = frozen.current.plan;
  const requests: SeriesQuery[] = plan.requests.map((planned) => queryOf(source)(api, planned.params));
  // Run by react-query when an answer or the plan changes, not on every render.
  const combine = useCallback(
    (results: UseQueryResult<IndexData | SalesIndexData>[]) => {
      const points = pointsBySeries(
        series,
        plan.requests,
        results.map((result) => result.data?.series),
      );
      return { results, state: combineResults(results), points, latest: latestDate(points) };
    },
    [series, plan],
  );
  return { plan, requests, ...useQueries({ queries: requests, combine }) };
}
