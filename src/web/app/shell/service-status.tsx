import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { pingQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/**
 * "API online" from GET /v1/ping (free, no key), kept true to the server's state:
 * - any request that gets no answer at all rechecks the ping at once;
 * - the ping is rechecked every 10 s while online (it is free; react-query pauses the interval in a
 *   hidden tab) and every 5 s while down, so recovery shows as quickly.
 */
export const UP_RECHECK_MS = 10_000;
export const DOWN_RECHECK_MS = 5_000;

type Status = { tone: 'up' | 'down' | 'unknown'; text: string };

export function ServiceStatus() {
  const options = pingQuery(useApiConnection());
  const queryClient = useQueryClient();
  const ping = useQuery({
    ...options,
    refetchInterval: (query) => (query.state.status === 'error' ? DOWN_RECHECK_MS : UP_RECHECK_MS),
    // One quick retry, not the default two with back-off: the header should turn within seconds.
    retry: 1,
    retryDelay: 500,
  });

  const pingHash = hashKey(options.queryKey);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (event.query.queryHash === pingHash) return;
        const error = event.action.error;
        if (!isApiError(error) || error.problem.kind !== 'network') return;
        void queryClient.refetchQueries({ predicate: (query) => query.queryHash === pingHash });
      }),
    [queryClient, pingHash],
  );

  const status: Status =
    ping.fetchStatus === 'paused'
      ? { tone: 'down', text: 'Offline' }
      : ping.isSuccess && ping.data.ok
        ? { tone: 'up', text: 'API online' }
        : ping.isError || ping.isSuccess
          ? { tone: 'down', text: 'API unreachable' }
          : { tone: 'unknown', text: 'Checking API…' };
  return (
    <span className={`service-status service-status--${status.tone}`} role="status">
      <span className="service-status__dot" aria-hidden="true" />
      {status.text}
    </span>
  );
}
