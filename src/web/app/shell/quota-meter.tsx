import { formatDate, formatInteger } from '../../lib/format';
import type { Quota } from '../../lib/quota/quota-store';
import { useKnownQuota } from '../../lib/quota/quota-tier';

/**
 * The header's quota meter: a <meter> named "Quota" whose value is the calls remaining in the
 * latest `meta` (max: the tier's monthly limit from RateLimit-Policy), with the tier and the count
 * as text beside it. The tier stays once known; an answer that does not name it (a 404, a 429)
 * keeps the last one, and a tab whose first answer is such an error reads it from the limit.
 */
export function QuotaMeter() {
  const quota = useKnownQuota();
  const remaining = quota.remaining;
  const max = Math.max(1, quota.limit ?? remaining ?? 1);
  const low = remaining !== null && quota.limit !== null && remaining < quota.limit * 0.1;
  return (
    <div className="quota-meter" title={quota.resetAt ? `Resets ${formatDate(quota.resetAt)}` : undefined}>
      {quota.tier ? <span className="badge">{quota.tier}</span> : null}
      <meter
        className="quota-meter__bar"
        aria-label="Quota"
        aria-valuetext={quotaText(quota)}
        min={0}
        max={max}
        low={max * 0.1}
        optimum={max}
        value={remaining ?? 0}
      />
      <span className={low ? 'quota-meter__low' : undefined} aria-hidden="true">
        {remaining === null ? 'no call yet' : `${formatInteger(remaining)} left`}
      </span>
    </div>
  );
}

/** What the meter says to assistive technology (and to the e2e tests). Exported for tests. */
export function quotaText(quota: Quota): string {
  if (quota.remaining === null) return 'No call made yet: the quota shows after the first data call.';
  const of = quota.limit === null ? '' : ` of ${formatInteger(quota.limit)}`;
  return `${quota.tier ?? 'unknown'} tier: ${formatInteger(quota.remaining)}${of} calls left this month`;
}
