import { useQuery } from '@tanstack/react-query';
import { pingQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/** "API online" from GET /v1/ping (free, no key), rechecked every few minutes. */
type Status = { tone: 'up' | 'down' | 'unknown'; text: string };

export function ServiceStatus() {
  const ping = useQuery(pingQuery(useApiConnection()));
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
