import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiRequest, absoluteRequestUrl } from '../../lib/api/api-request';
import { useApiKey, useKeyRevealed } from '../../lib/api-key/key-store';
import { formatDateTime } from '../../lib/format';
import { CopyButton } from '../copy-button';
import { curlSample, fetchSample } from './code-samples';

/**
 * "Show the API call" under any data panel: the exact request (method, URL with params), curl and
 * fetch() code with the key masked (in full once revealed, so the copied code runs), copy buttons, and what viewing the panel cost.
 *
 *   const floor = floorQuery(api, { category });
 *   const result = useQuery(floor);
 *   <ApiCallPanel request={floor.queryKey[1]} result={result} />
 */
export interface ApiCallPanelProps {
  request: ApiRequest;
  result: Pick<UseQueryResult<unknown>, 'isSuccess' | 'isError' | 'dataUpdatedAt'>;
}

export function ApiCallPanel({ request, result }: ApiCallPanelProps) {
  const apiKey = useApiKey()?.key ?? null;
  const shownSince = useShownSince(absoluteRequestUrl(request));
  const revealed = useKeyRevealed();
  const curl = curlSample(request, apiKey, undefined, revealed);
  const fetchCode = fetchSample(request, apiKey, undefined, revealed);
  return (
    <details className="api-call">
      <summary className="api-call__summary">Show the API call</summary>
      <div className="api-call__body">
        <p className="api-call__request">
          <span className="api-call__method">GET</span> <code>{absoluteRequestUrl(request)}</code>
        </p>
        <p className="api-call__cost">{viewCost(request, result, shownSince)}</p>
        <CodeBlock title="curl" code={curl} />
        <CodeBlock title="fetch" code={fetchCode} />
      </div>
    </details>
  );
}

/**
 * When this request started being shown: data written after it was fetched for this view; older data
 * (in memory or restored from IndexedDB) cost nothing now. Restarts when the panel shows another
 * request (the same panel instance follows a changing filter).
 */
function useShownSince(requestId: string): number {
  const [shown, setShown] = useState(() => ({ requestId, since: Date.now() }));
  if (shown.requestId !== requestId) {
    const next = { requestId, since: Date.now() };
    setShown(next);
    return next.since;
  }
  return shown.since;
}

function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="code-block">
      <figcaption className="code-block__caption">
        {title}
        <CopyButton text={code} label={`Copy the ${title} code`} />
      </figcaption>
      <pre className="code-block__code">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** What this view of the panel cost against the monthly quota. Exported for tests. */
export function viewCost(
  request: ApiRequest,
  result: ApiCallPanelProps['result'],
  shownSince: number,
): string {
  if (!request.keyed) return 'Cost: 0 calls (this endpoint needs no key and is not metered).';
  if (result.isError && !result.isSuccess) return 'Cost: 0 calls (failed requests spend no quota).';
  if (!result.isSuccess) return 'Cost: not fetched yet.';
  if (result.dataUpdatedAt >= shownSince) return 'Cost of this view: 1 call (fetched from the API just now).';
  return `Cost of this view: 0 calls (served from the cache, fetched ${formatDateTime(result.dataUpdatedAt)}).`;
}
