import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { BILLING_FREE } from '../../../contract/billing';
import { curlSample } from '../../components/api-call/code-samples';
import { CopyButton } from '../../components/copy-button';
import { LazyTryItNowButton } from '../../components/lazy-parts';
import { apiRequest } from '../../lib/api/api-request';
import { openKeyDialog, useApiKey, useKeyRevealed } from '../../lib/api-key/key-store';
import { formatInteger } from '../../lib/format';
import { quotaStore, recordQuota } from '../../lib/quota/quota-store';
import type { DocOperation } from './openapi-model';
import { sendTry, type TryResult } from './try-operation';

/**
 * "Try it" for one operation: a field per query parameter, Send, and the answer as it came with
 * what it cost. "Send again with If-None-Match" shows the conditional request: a 304 spends nothing.
 */
export function TryIt({ op, baseUrl }: { op: DocOperation; baseUrl: string }) {
  const stored = useApiKey();
  const revealed = useKeyRevealed();
  const queryParams = op.parameters.filter((param) => param.in === 'query' && param.name !== 'key');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(queryParams.map((param) => [param.name, param.required ? param.defaultValue : ''])),
  );
  const [result, setResult] = useState<TryResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const request = apiRequest(baseUrl, op.path, values, op.keyed);
  const needsKey = op.keyed && stored === null;

  const send = async (ifNoneMatch: string | null) => {
    setBusy(true);
    setProblem(null);
    try {
      setResult(
        await sendTry({
          request,
          apiKey: stored?.key ?? null,
          ifNoneMatch,
          remainingBefore: op.keyed ? quotaStore.get().remaining : null,
          onQuota: recordQuota,
        }),
      );
    } catch (error) {
      setResult(null);
      setProblem(`No answer from the server: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(null);
  };

  return (
    <details className="try-it">
      <summary>Try it{op.keyed ? ' with your key' : ''}</summary>
      <form className="try-it__form" onSubmit={submit} aria-label={`Try ${op.method} ${op.path}`}>
        {queryParams.map((param) => {
          const id = `${formId}-${param.name}`;
          return (
            <div className="field" key={param.name}>
              <label className="field__label" htmlFor={id}>
                {param.name}
                {param.required ? ' (required)' : ''}
              </label>
              {param.options.length > 0 ? (
                <select
                  id={id}
                  className="select"
                  value={values[param.name] ?? ''}
                  onChange={(event) => setValues({ ...values, [param.name]: event.target.value })}
                >
                  <option value="">(not sent)</option>
                  {param.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  className="input"
                  value={values[param.name] ?? ''}
                  placeholder={param.defaultValue ? `default ${param.defaultValue}` : undefined}
                  onChange={(event) => setValues({ ...values, [param.name]: event.target.value })}
                />
              )}
            </div>
          );
        })}
        <pre className="code-block__code try-it__curl">
          {curlSample(request, stored?.key ?? null, undefined, revealed)}
        </pre>
        {needsKey ? (
          <div className="button-row">
            <p className="field__help try-it__need-key">This operation needs a key.</p>
            <button type="button" className="button" onClick={openKeyDialog}>
              Enter an API key
            </button>
            <LazyTryItNowButton />
          </div>
        ) : (
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Sending…' : `Send ${op.method}`}
            </button>
            {result?.etag ? (
              <button type="button" className="button" disabled={busy} onClick={() => void send(result.etag)}>
                Send again with If-None-Match
              </button>
            ) : null}
            {/* The copy carries the reader's key (the page shows it masked): pasted, it runs as is. */}
            <CopyButton
              text={curlSample(request, stored?.key ?? null, undefined, true)}
              label={stored ? 'Copy curl with your key' : 'Copy curl'}
            />
          </div>
        )}
      </form>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {result ? <TryAnswer result={result} keyed={op.keyed} /> : null}
    </details>
  );
}

function TryAnswer({ result, keyed }: { result: TryResult; keyed: boolean }) {
  // The answer is brought into view above the sticky demo-market notice (scroll-padding in the CSS).
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) ref.current?.querySelector('.try-it__status')?.scrollIntoView?.({ block: 'nearest' });
  }, [result]);
  return (
    <div ref={ref} className="try-it__answer" role="status" aria-live="polite" data-testid="try-answer">
      <p className="try-it__status">
        <strong>
          {result.status} {result.statusText}
        </strong>{' '}
        in {result.ms} ms
      </p>
      <p className="try-it__cost" data-testid="try-cost">
        {costSentence(result, keyed)}
      </p>
      {result.headers.length > 0 ? (
        <dl className="facts try-it__headers">
          {result.headers.map(([name, value]) => (
            <div key={name} className="try-it__header">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {result.body ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable answer must be reachable by keyboard
        <pre className="code-block__code try-it__body" tabIndex={0}>
          {result.body.length > 20_000 ? `${result.body.slice(0, 20_000)}\n…` : result.body}
        </pre>
      ) : (
        <p className="field__help">No body.</p>
      )}
    </div>
  );
}

/** "Cost: 1 call (998 → 997 left this month)"; a 304 or an error: nothing. Exported for tests. */
export function costSentence(
  result: Pick<TryResult, 'status' | 'cost' | 'remainingBefore' | 'remainingAfter'>,
  keyed: boolean,
): string {
  if (!keyed) return 'Cost: nothing (no key needed).';
  const left = (n: number | null) => (n === null ? '?' : formatInteger(n));
  const counts =
    result.remainingBefore === null && result.remainingAfter === null
      ? ''
      : ` (calls left this month: ${left(result.remainingBefore)} before, ${left(result.remainingAfter)} after)`;
  if (result.status === 304) return `Cost: nothing: 304 Not Modified spends no quota${counts}.`;
  if (result.cost === 0) return `Cost: nothing${counts}. ${BILLING_FREE}`;
  if (result.cost === null && result.status === 404)
    return `Cost: 1 call if the words match a card, else nothing${counts}.`;
  if (result.cost === null) return `Cost: 1 call${counts}.`;
  return `Cost: ${result.cost} ${result.cost === 1 ? 'call' : 'calls'}${counts}.`;
}
