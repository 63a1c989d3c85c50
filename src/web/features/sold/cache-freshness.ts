import type { Query, QueryClient, QueryKey, StaleTime } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** `never`: any typed query options fit; the function is only ever called with its own query. */
type StaleTimeOption = StaleTime | ((query: never) => StaleTime) | undefined;
type FreshnessOptions = { queryKey: QueryKey; staleTime?: StaleTimeOption };

const resolveStaleTime = (staleTime: StaleTimeOption, query: Query): StaleTime =>
  typeof staleTime === 'function' ? (staleTime as (query: Query) => StaleTime)(query) : (staleTime ?? 0);

/**
 * Whether the cache would answer these query options without a call: it holds data that is still
 * fresh by the options' own staleTime (a plain number or react-query's function form).
 */
export function isFreshInCache(client: QueryClient, options: FreshnessOptions): boolean {
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query === undefined) return false;
  return !query.isStaleByTime(resolveStaleTime(options.staleTime, query));
}

/** How many of these queries would cost a call right now; follows the cache as it changes. */
export function useUncachedCount(client: QueryClient, optionsList: readonly FreshnessOptions[]): number {
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const count = () => optionsList.filter((options) => !isFreshInCache(client, options)).length;
  return useSyncExternalStore(subscribe, count, count);
}
