import type { Query, QueryClient, QueryKey, StaleTime } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/** `never`: any typed query options fit; the function is only ever called with its own query. */
type StaleTimeOption = StaleTime | ((query: never) => StaleTime) | undefined;
type FreshnessOptions = { queryKey: QueryKey; staleTime?: StaleTimeOption };

const resolveStaleTime = (staleTime: StaleTimeOption, query: Query): StaleTime =>
  typeof staleTime === 'function' ? (staleTime as (query: Query) => StaleTime)(query) : (staleTime ?? 0);

/**
 * Whether asking with these query options would cost nothing: the cache holds data that is still
 * fresh by the options' own staleTime (a plain number or react-query's function form), or it holds
 * an answer that is an error `isSettledError` accepts (such as `no_match`, which spends no quota and
 * which the caller does not ask again).
 */
export function isFreshInCache(
  client: QueryClient,
  options: FreshnessOptions,
  isSettledError: (error: unknown) => boolean = () => false,
): boolean {
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query === undefined) return false;
  const { state } = query;
  // react-query marks a failed query invalidated, so an error answer's freshness is the caller's call.
  if (state.data === undefined && state.status === 'error') return isSettledError(state.error);
  return !query.isStaleByTime(resolveStaleTime(options.staleTime, query));
}

/** How many of these queries would cost a call right now; follows the cache as it changes. */
export function useUncachedCount(
  client: QueryClient,
  optionsList: readonly FreshnessOptions[],
  isSettledError?: (error: unknown) => boolean,
): number {
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(onChange),
    [client],
  );
  const count = () =>
    optionsList.filter((options) => !isFreshInCache(client, options, isSettledError)).length;
  return useSyncExternalStore(subscribe, count, count);
}
