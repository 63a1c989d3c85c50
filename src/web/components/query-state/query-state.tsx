import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { openKeyDialog, useApiKey } from '../../lib/api-key/key-store';
import { LazyTryItNowButton } from '../lazy-parts';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { Skeleton } from './skeleton';

/**
 * The one place that turns a query result into what the user sees: no key yet, offline (the request
 * waits for the connection), loading skeleton, error panel (401 / 429 / no_match / network /
 * contract), empty state, or the data.
 *
 *   const result = useQuery(floorQuery(api, { category }));
 *   <QueryState result={result} label="the floor" isEmpty={(d) => d.categories.length === 0}
 *               emptyTitle="No listings in this snapshot">
 *     {(data) => <FloorTable rows={data.categories} />}
 *   </QueryState>
 *
 * When a refetch fails but older data exists, the data stays and the error shows above it.
 *
 * Data that arrives is drawn as a deferred value: React renders the page's tables and charts in
 * slices of a few ms (a transition), not in one task as long as the whole render, which on a
 * phone blocks input (Lighthouse's TBT). The skeleton stays until that render is done.
 */
export interface QueryStateProps<T> {
  result: Pick<UseQueryResult<T>, 'data' | 'error' | 'status' | 'fetchStatus' | 'refetch'>;
  /** Completes "Loading …" for screen readers, such as "the floor". */
  label: string;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  emptyTitle?: string;
  emptyHint?: ReactNode;
  skeleton?: 'rows' | 'chart';
  /** For a `no_match` whose hint suggests a q: the URL of the same page with that q (ErrorPanel). */
  suggestionHref?: (q: string) => string;
}

export function QueryState<T>({
  result,
  label,
  children,
  isEmpty,
  emptyTitle = 'Nothing to show',
  emptyHint,
  skeleton = 'rows',
  suggestionHref,
}: QueryStateProps<T>) {
  const apiKey = useApiKey();
  const retry = () => void result.refetch();
  const shown = useDeferredValue(result.data);

  if (result.status === 'pending' && result.fetchStatus === 'idle' && apiKey === null) {
    return <NeedKey />;
  }
  if (result.fetchStatus === 'paused' && result.data === undefined) return <Offline />;
  if (result.status === 'error' && result.data === undefined) {
    return <ErrorPanel error={result.error} onRetry={retry} suggestionHref={suggestionHref} />;
  }
  if (result.status === 'pending' || shown === undefined) {
    return <Skeleton label={`Loading ${label}`} variant={skeleton} />;
  }
  const data = shown;
  return (
    <>
      {result.error ? (
        <ErrorPanel error={result.error} onRetry={retry} suggestionHref={suggestionHref} />
      ) : null}
      {isEmpty?.(data) ? <EmptyState title={emptyTitle}>{emptyHint}</EmptyState> : children(data)}
    </>
  );
}

function NeedKey() {
  return (
    <div className="state-panel state-panel--info" role="status">
      <p className="state-panel__title">An API key is needed</p>
      <div className="state-panel__body">
        <p>
          Every data call is metered against a key. The key stays in this browser, shared by its tabs. No key
          yet? “Try it now” makes a personal demo key.
        </p>
      </div>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={openKeyDialog}>
          Enter an API key
        </button>
        <LazyTryItNowButton />
      </div>
    </div>
  );
}

function Offline() {
  return (
    <div className="state-panel state-panel--error" role="alert">
      <p className="state-panel__title">You are offline</p>
      <div className="state-panel__body">
        <p>The request is sent as soon as the connection is back; answers already cached stay readable.</p>
      </div>
    </div>
  );
}
