import { useQuery } from '@tanstack/react-query';
import { indexDocumentQuery } from '../api/queries';
import { useApiConnection } from '../api/use-api-connection';
import { useStore } from '../external-store';
import { type Quota, quotaStore } from './quota-store';

/**
 * The tier whose monthly quota equals `limit`, read from the `pricing` sentence of GET /v1
 * ("free: 1,000 calls a month, ...; pro: 50,000 calls a month; ..."). Null when either is unknown or
 * no tier matches. Pure, exported for tests.
 */
export function tierOfLimit(pricing: string | undefined, limit: number | null): string | null {
  if (pricing === undefined || limit === null) return null;
  for (const [, tier, quota] of pricing.matchAll(/([A-Za-z][\w-]*): ([\d,]+) calls a month/g)) {
    if (tier !== undefined && Number(quota?.replaceAll(',', '')) === limit) return tier;
  }
  return null;
}

/**
 * The quota as the header and Settings show it: the store's, with the tier filled in when the
 * answers so far did not name it. Only a 2xx carries `meta.tier`; a 429 or a 404 as the first
 * answer of a tab carries the limit (RateLimit-Policy) but no tier, and showed "Tier —" and no
 * badge. The limit names the tier through GET /v1 (no key, cached for the day).
 */
export function useKnownQuota(): Quota {
  const quota = useStore(quotaStore);
  const pricing = useQuery({
    ...indexDocumentQuery(useApiConnection()),
    select: (doc) => doc.pricing,
    enabled: quota.tier === null && quota.limit !== null,
  }).data;
  return quota.tier === null ? { ...quota, tier: tierOfLimit(pricing, quota.limit) } : quota;
}
