import { BILLING_RULE } from '../../../contract/billing';
import { formatDate, formatDateTime, formatInteger } from '../../lib/format';
import { useKnownQuota } from '../../lib/quota/quota-tier';

/** Settings: the quota as last reported by the API, and the calls this browser session spent. */
export function UsageSummary() {
  const quota = useKnownQuota();
  return (
    <section className="panel" aria-labelledby="usage-title">
      <h2 id="usage-title">Usage</h2>
      <dl className="facts">
        <dt>Calls spent this session</dt>
        <dd data-testid="calls-this-session">{formatInteger(quota.callsThisSession)}</dd>
        <dt>Tier</dt>
        <dd data-testid="usage-tier">{quota.tier ?? 'not reported yet'}</dd>
        <dt>Calls left this month</dt>
        <dd>
          {quota.remaining === null ? '—' : formatInteger(quota.remaining)}
          {quota.limit === null ? '' : ` of ${formatInteger(quota.limit)}`}
        </dd>
        <dt>Quota resets</dt>
        <dd>{quota.resetAt ? formatDate(quota.resetAt) : '—'}</dd>
        <dt>Last reported</dt>
        <dd>{quota.observedAt ? formatDateTime(quota.observedAt) : 'no call yet'}</dd>
      </dl>
      <p className="field__help">
        {BILLING_RULE} Answers are cached in this browser until the next UTC day, so revisiting a page or
        reloading costs nothing.
      </p>
    </section>
  );
}
