import { maskApiKey } from '../../contract/api-key';
import type { StoredKey } from '../lib/api-key/key-storage';
import { formatDateTime, formatInteger } from '../lib/format';
import { useKnownQuota } from '../lib/quota/quota-tier';

/**
 * The key in use, as the key dialog and Settings show it: masked, where it is kept, its tier and
 * monthly quota once an answer has named them, and when it stops working (a demo key's expiry).
 */
export function KeyFacts({ stored }: { stored: StoredKey }) {
  const quota = useKnownQuota();
  return (
    <dl className="facts" data-testid="key-facts">
      <dt>Key</dt>
      <dd>
        <code>{maskApiKey(stored.key)}</code>
      </dd>
      <dt>Kept</dt>
      <dd>{stored.remembered ? 'on this device (localStorage)' : 'for this tab only (sessionStorage)'}</dd>
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
