import { Link } from 'react-router';
import { suggestedQueryOf } from '../../../contract/card-query';
import { isApiError } from '../../lib/api/api-error';
import { openKeyDialog } from '../../lib/api-key/key-store';
import { useStore } from '../../lib/external-store';
import { formatDate, humaneHint } from '../../lib/format';
import { quotaStore } from '../../lib/quota/quota-store';
import { LazyTryItNowButton } from '../lazy-parts';

/**
 * Renders any error thrown by a query (an ApiError from apiFetch, or anything else) as a calm panel
 * with what happened and what to do. Usage (QueryState does this for you):
 *   <ErrorPanel error={result.error} onRetry={() => result.refetch()} />
 * A page that can run another q passes `suggestionHref`: a `no_match` whose hint names a query that
 * matches (`Try q=... instead.`) then offers it as a link to that page's URL for it.
 */
export interface ErrorPanelProps {
  error: unknown;
  onRetry?: () => void;
  /** The URL of the same page with this q instead (the other parameters kept). */
  suggestionHref?: ((q: string) => string) | undefined;
}

export function ErrorPanel({ error, onRetry, suggestionHref }: ErrorPanelProps) {
  if (!isApiError(error)) {
    return (
      <Panel title="Something went wrong" onRetry={onRetry}>
        <p>{error instanceof Error ? error.message : 'An unexpected error occurred.'}</p>
      </Panel>
    );
  }
  const { problem } = error;
  switch (problem.kind) {
    case 'network':
      return (
        <Panel title="The API cannot be reached" onRetry={onRetry}>
          <p>
            No answer from the server ({problem.detail}). Check your connection, or the base URL in Settings.
          </p>
        </Panel>
      );
    case 'contract':
      return (
        <Panel title="The API answered in an unexpected shape" onRetry={onRetry}>
          <p>
            The response does not match the contract at{' '}
            <code className="state-panel__path">{problem.path}</code>: {problem.issue}
          </p>
          <p>Nothing was shown from this answer. Check that the base URL points to a Slab-compatible API.</p>
        </Panel>
      );
    case 'http':
      return (
        <HttpErrorPanel
          status={problem.status}
          code={problem.code}
          hint={problem.hint}
          resetAt={problem.resetAt}
          onRetry={onRetry}
          suggestionHref={suggestionHref}
        />
      );
  }
}

interface HttpErrorPanelProps {
  status: number;
  code: string;
  hint: string;
  resetAt: Date | null;
  onRetry: (() => void) | undefined;
  suggestionHref: ((q: string) => string) | undefined;
}

function HttpErrorPanel({ status, code, hint, resetAt, onRetry, suggestionHref }: HttpErrorPanelProps) {
  const quotaResetAt = useStore(quotaStore).resetAt;
  if (status === 401) {
    // The server's hint says why: no key, a malformed one, or a well-formed key it does not know or
    // has revoked (decisions.md, "Keys"). Show it as sent, never a generic "send your key" line.
    return (
      <Panel title="The API key was refused" code={code}>
        <p>{hint}</p>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={openKeyDialog}>
            Enter an API key
          </button>
          <LazyTryItNowButton label="Try it now: demo key" />
        </div>
      </Panel>
    );
  }
  if (code === 'rate_limited') {
    // Too many calls in a short time (decisions.md, "Rate limit"): nothing is spent, the monthly
    // quota is untouched, and a retry after Retry-After seconds works.
    return (
      <Panel title="Too many requests at once" code={code} onRetry={onRetry}>
        <p>{hint}</p>
      </Panel>
    );
  }
  if (status === 429) {
    const reset = resetAt ?? dateOrNull(quotaResetAt);
    return (
      <Panel title="The monthly quota is used up" code={code}>
        <p>{humaneHint(hint)}</p>
        {reset ? (
          <p>
            Calls are available again on <strong>{formatDate(reset)}</strong>.
          </p>
        ) : null}
      </Panel>
    );
  }
  if (code === 'no_match') {
    const suggested = suggestionHref ? suggestedQueryOf(hint) : null;
    return (
      <Panel title="No match" code={code} tone="info">
        <p>{hint}</p>
        {suggestionHref && suggested !== null ? (
          <p>
            <Link
              className="button button--primary"
              to={suggestionHref(suggested)}
              data-testid="no-match-suggestion"
            >
              Try “{suggested}” instead
            </Link>
          </p>
        ) : null}
      </Panel>
    );
  }
  return (
    <Panel title={`The API answered ${status}`} code={code} onRetry={status >= 500 ? onRetry : undefined}>
      <p>{hint}</p>
    </Panel>
  );
}

const dateOrNull = (iso: string | null): Date | null => (iso ? new Date(iso) : null);

interface PanelProps {
  title: string;
  code?: string;
  tone?: 'error' | 'info';
  onRetry?: (() => void) | undefined;
  children: React.ReactNode;
}

function Panel({ title, code, tone = 'error', onRetry, children }: PanelProps) {
  return (
    <div className={`state-panel state-panel--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <p className="state-panel__title">
        {title}
        {code ? <code className="state-panel__code">{code}</code> : null}
      </p>
      <div className="state-panel__body">{children}</div>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
