import { useQuery } from '@tanstack/react-query';
import { demoKeyQuery } from '../../lib/api/queries';
import { useApiConnection } from '../../lib/api/use-api-connection';

/**
 * "Use demo key": shown only when the server runs in demo mode (GET /v1/demo-key answers 200;
 * 404 when demo mode is off, and then nothing is shown). The key is never persisted by the cache.
 */
export function DemoKeyButton({ onUse }: { onUse: (key: string) => void }) {
  const demo = useQuery(demoKeyQuery(useApiConnection()));
  if (!demo.isSuccess) return null;
  return (
    <button type="button" className="button" onClick={() => onUse(demo.data.key)}>
      Use demo key <span className="badge">{demo.data.tier}</span>
    </button>
  );
}
