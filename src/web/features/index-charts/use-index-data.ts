import {
  type QueryClient,
  type UseQueryResult,
  useIsRestoring,
  useQueries,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type { IndexData, IndexPoint } from '../../../contract/resources';
import { indexQuery } from '../../lib/api/queries';
import { type ApiConnection, useApiConnection } from '../../lib/api/use-api-connection';
import {
  type IndexRequestParams,
  planIndexRequests,
  type RequestPlan,
  type SeriesSpec,
} from './index-request-plan';
import { latestDate, type PointsByDate, pointsBySeries } from './index-series';

/** A fresh, successful answer already in the react-query cache: drawing from it costs no call. */
function isFresh(client: QueryClient, api: ApiConnection, params: IndexRequestParams): boolean {
  const options = indexQuery(api, params);
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
  points: Map<string, PointsByDate>;
  latest: string | null;
};

/**
 * key -> planned requests -> zod-parsed answers in the react-query cache -> points per series.
 * The plan is made when the series change (and frozen until they change again), so its cost is what
 * drawing these series cost, not what a redraw would cost once the answers are cached.
 */
export function useIndexData(series: readonly SeriesSpec[]): IndexChartData {
  const api = useApiConnection();
  const client = useQueryClient();
  const signature = series.map((spec) => spec.key).join('\n');
  const hasKey = api.apiKey !== null;
  // Until the persisted cache is restored (IndexedDB), nothing looks fresh: plan again once it is.
  const restoring = useIsRestoring();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-planned only when the series (signature), the server, the presence of a key or the restore change
  const plan = useMemo(
    () => planIndexRequests([...series], (params) => isFresh(client, api, params)),
    [signature, api.baseUrl, hasKey, client, restoring],
  );
  const requests = plan.requests.map((planned) => indexQuery(api, planned.params));
  const results = useQueries({ queries: requests });
  const answers: (readonly IndexPoint[] | undefined)[] = results.map((result) => result.data?.series);
  const answersKey = results.map((result) => result.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: answersKey (the answers' fetch times) changes exactly when an answer does
  const points = useMemo(() => pointsBySeries(series, plan.requests, answers), [plan, answersKey]);
  return { plan, requests, results, points, latest: useMemo(() => latestDate(points), [points]) };
}
