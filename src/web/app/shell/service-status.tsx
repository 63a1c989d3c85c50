import { useQuery } from '@tanstack/react-query';
import { pingQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/** "API online" from GET /v1/ping (free, no key), rechecked every few minutes. */
export function ServiceStatus() {
  const ping = useQuery(pingQuery(useApiConnection()));
  const state =
    ping.isSuccess && ping.data.ok
      ? 'up'
      : ping.isError || (ping.isSuccess && !ping.data.ok)
        ? 'down'
        : 'unknown';
  const text = state === 'up' ? 'API online' : state === 'down' ? 'API unreachable' : 'Checking API…';
  return (
    <span className={`service-status service-status--${state}`} role="status">
      <span className="service-status__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
