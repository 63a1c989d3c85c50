import { maskApiKey } from '../../contract/api-key';
import type { StoredKey } from '../lib/api-key/key-storage';
import { setApiKey, setKeyRevealed, useKeyRevealed } from '../lib/api-key/key-store';
import { formatDateTime, formatInteger } from '../lib/format';
import { useKnownQuota } from '../lib/quota/quota-tier';
import { CopyButton } from './copy-button';

/** Where the key is kept, in words (docs/dashboard.md, "Key storage"). */
export const keptPhrase = (stored: StoredKey): string =>
  stored.remembered
    ? 'in this browser until you forget it, after restarts too (localStorage: anyone using this browser profile can read it)'
    : 'in this browser while a tab of this site is open (sessionStorage, shared between tabs; gone when the last one closes)';

/**
 * The key in use, as the key dialog and Settings show it: masked until revealed (then copyable),
 * where it is kept and the choice to keep it after restarts, its tier and monthly quota once an
 * answer has named them, and when it stops working (a demo key's expiry).
 */
export function KeyFacts({ stored }: { stored: StoredKey }) {
  const quota = useKnownQuota();
  const revealed = useKeyRevealed();
  return (
    <dl className="facts" data-testid="key-facts">
      <dt>Key</dt>
      <dd className="key-facts__key">
        <code data-testid="key-value">{revealed ? stored.key : maskApiKey(stored.key)}</code>{' '}
        <button
          type="button"
          className="button button--small"
          aria-pressed={revealed}
          onClick={() => setKeyRevealed(!revealed)}
        >
          {revealed ? 'Hide key' : 'Reveal key'}
        </button>{' '}
        <CopyButton text={stored.key} label="Copy the API key" />
      </dd>
      <dt>Kept</dt>
      <dd>
        <span data-testid="key-kept">{keptPhrase(stored)}</span>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={stored.remembered}
            onChange={(event) => setApiKey({ ...stored, remembered: event.target.checked })}
          />
          Keep after the browser closes
        </label>
      </dd>
      <dt>Tier</dt>
      <dd data-testid="key-tier">{quota.tier ?? 'named by the first data call'}</dd>
      <dt>Quota</dt>
      <dd>
        {quota.limit === null
          ? 'named by the first data call'
          : `${formatInteger(quota.limit)} calls a month`}
        {quota.remaining === null ? '' : `, ${formatInteger(quota.remaining)} left`}
      </dd>
      <dt>Expires</dt>
      <dd data-testid="key-expires">{stored.expiresAt ? formatDateTime(stored.expiresAt) : 'no expiry'}</dd>
    </dl>
  );
}

/** The expiry as a short phrase for tight places (the header's key button). */
export const expiryPhrase = (stored: StoredKey): string | null =>
  stored.expiresAt ? `until ${formatDateTime(stored.expiresAt)}` : null;
