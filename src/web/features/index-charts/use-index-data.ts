import {
  type QueryClient,
  type UseQueryResult,
  useIsRestoring,
  useQueries,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { IndexData } from '../../../contract/resources';
import { indexQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { type CombinedResult, combineResults } from './combined-result';
import {
  type IndexRequestParams,
  planIndexRequests,
  type RequestPlan,
  type SeriesSpec,
} from './index-request-plan';
import { latestDate, type PointsByDate, pointsBySeries } from './index-series';

/** A fresh, successful answer already in the react-query cache: drawing from it costs no call. */
function isFresh(client: QueryClient, baseUrl: string, params: IndexRequestParams): boolean {
  const options = indexQuery({ baseUrl, apiKey: null }, params);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query === undefined || query.state.status !== 'success') return false;
  const staleTime =
    typeof options.staleTime === 'function' ? options.staleTime(query as never) : options.staleTime;
  return typeof staleTime === 'number' && !query.isStaleByTime(staleTime);
}

export type IndexChartData = {
  plan: RequestPlan;
  requests: ReturnType<typeof indexQuery>[];
  results: UseQueryResult<IndexData>[];
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
export function useIndexData(series: readonly SeriesSpec[]): IndexChartData {
  const api = useApiConnection();
  const { baseUrl } = api;
  const client = useQueryClient();
  // Until the persisted cache is restored (IndexedDB), nothing looks fresh: plan again once it is.
  const restoring = useIsRestoring();
  const plan = useMemo(
    () => planIndexRequests([...series], (params) => !restoring && isFresh(client, baseUrl, params)),
    [series, baseUrl, client, restoring],
  );
  const requests = plan.requests.map((planned) => indexQuery(api, planned.params));
  // Run by react-query when an answer or the plan changes, not on every render.
  const combine = useCallback(
    (results: UseQueryResult<IndexData>[]) => {
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
