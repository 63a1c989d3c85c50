import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiCallPanel } from '../../components/api-call/api-call-panel';
import { ErrorPanel } from '../../components/query-state/error-panel';
import { Skeleton } from '../../components/query-state/skeleton';
import { isApiError } from '../../lib/api/api-error';
import { soldQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';
import { useUncachedCount } from './cache-freshness';
import { COMPARISON_WINDOWS, comparisonPoints, costText } from './window-comparison';
import { WindowComparisonChart } from './window-comparison-chart';
import { WindowComparisonTable } from './window-comparison-table';

const isNoMatch = (error: unknown): boolean =>
  isApiError(error) && error.problem.kind === 'http' && error.problem.code === 'no_match';

/**
 * "How the window changes the answer": the same card at 7, 30, 90, 180 and 365 days. Nothing is
 * asked until the user confirms, and the button says first what it will cost (windows the cache
 * already holds cost nothing, and so does a window already known to have no sales: `no_match`
 * spends no quota). A window without sales reads as zero sales, not as an error.
 */
export function WindowComparisonPanel({ q, grade }: { q: string; grade: string | undefined }) {
  const api = useApiConnection();
  const client = useQueryClient();
  const [confirmed, setConfirmed] = useState(false);
  const options = COMPARISON_WINDOWS.map((days) => soldQuery(api, { q, grade, days }));
  const calls = useUncachedCount(client, options, isNoMatch);
  // A window already known to have no sales is not asked again: its cached no_match stands.
  const settled = (option: (typeof options)[number]) => {
    const state = client.getQueryState(option.queryKey);
    return state?.data === undefined && state?.status === 'error' && isNoMatch(state.error);
  };
  const results = useQueries({
    queries: options.map((option) => ({
      ...option,
      enabled: option.enabled && confirmed && !settled(option),
    })),
  });

  if (!confirmed) {
    return (
      <div className="window-comparison">
        <p>
          Median and number of sales{grade ? ` in ${grade} only` : ''} at {COMPARISON_WINDOWS.join(', ')}{' '}
          days. Cost: <strong data-testid="comparison-cost">{costText(calls)}</strong>
          {calls < COMPARISON_WINDOWS.length && calls > 0 ? ' (the other windows are already cached)' : ''}.
        </p>
        <button type="button" className="button" onClick={() => setConfirmed(true)}>
          Compare the windows ({costText(calls)})
        </button>
      </div>
    );
  }

  const answers = results.map((result, index) => ({
    days: COMPARISON_WINDOWS[index] ?? 0,
    data: result.data,
    noSales: isNoMatch(result.error),
  }));
  const failure = results.find((result) => result.error && !isNoMatch(result.error));
  if (failure) return <ErrorPanel error={failure.error} onRetry={() => void failure.refetch()} />;
  if (results.some((result) => result.isPending)) {
    return <Skeleton label="Loading the window comparison" variant="chart" />;
  }
  const points = comparisonPoints(answers);
  return (
    <div className="window-comparison">
      {grade ? (
        <p data-testid="comparison-grade">
          Each window in <strong>{grade}</strong> only, so the grade mix does not move the median.
        </p>
      ) : null}
      <WindowComparisonChart points={points} />
      <WindowComparisonTable points={points} />
      <ul className="window-comparison__calls" aria-label="The API call of each window">
        {options.map((option, index) => (
          <li key={option.queryKey[1].params.days}>
            <span>{COMPARISON_WINDOWS[index]} days</span>
            <ApiCallPanel request={option.queryKey[1]} result={results[index]!} />
          </li>
        ))}
      </ul>
    </div>
  );
}
