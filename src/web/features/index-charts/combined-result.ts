import type { UseQueryResult } from '@tanstack/react-query';

/**
 * Several queries seen as one, for the shared loading / error / no-key states: an error (with
 * nothing to show) wins, then anything still pending; `refetch` retries the failed ones.
 */
export type CombinedResult = Pick<
  UseQueryResult<true>,
  'data' | 'error' | 'status' | 'fetchStatus' | 'refetch'
>;

export function combineResults(results: readonly UseQueryResult<unknown>[]): CombinedResult {
  const failed = results.filter((result) => result.status === 'error');
  const pending = results.some((result) => result.status === 'pending');
  const fetching = results.some((result) => result.fetchStatus === 'fetching');
  const refetch = async () => {
    await Promise.all(failed.map((result) => result.refetch()));
    return undefined as never;
  };
  const error = failed[0]?.error ?? null;
  const status = failed.length > 0 ? 'error' : pending ? 'pending' : 'success';
  return {
    data: status === 'success' ? true : undefined,
    error,
    status,
    fetchStatus: fetching ? 'fetching' : 'idle',
    refetch,
  } as CombinedResult;
}
