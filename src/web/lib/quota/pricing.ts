/**
 * The tiers and monthly quotas the server states in GET /v1's `pricing` sentence
 * ("free: 1,000 calls a month, no payment card needed; pro: 50,000 calls a month; ..."), so the
 * dashboard never hard-codes a number the server owns. A server whose sentence has another shape
 * yields no tiers, and the page shows the sentence as it is.
 */
export interface PricedTier {
  tier: string;
  /** Calls a month. */
  quota: number;
  /** What else the server says about the tier ("no payment card needed"), or ''. */
  note: string;
}

export function pricedTiers(pricing: string | undefined): PricedTier[] {
  if (!pricing) return [];
  const tiers: PricedTier[] = [];
  for (const [, tier, quota, note] of pricing.matchAll(
    /([A-Za-z][\w-]*): ([\d,]+) calls a month(?:, ([^;.]+))?/g,
  )) {
    const calls = Number(quota?.replaceAll(',', ''));
    if (tier === undefined || !Number.isSafeInteger(calls)) continue;
    tiers.push({ tier, quota: calls, note: note?.trim() ?? '' });
  }
  return tiers;
}

/** The monthly quota of one tier, or null when the sentence does not state it. */
export const quotaOfTier = (pricing: string | undefined, tier: string | null): number | null =>
  tier === null ? null : (pricedTiers(pricing).find((priced) => priced.tier === tier)?.quota ?? null);

/** The rest of the sentence after the tiers ("Quotas reset on the first day of each month ..."). */
export function pricingRemark(pricing: string | undefined): string {
  if (!pricing) return '';
  const end = pricing.lastIndexOf('calls a month');
  if (end < 0) return pricing;
  const after = pricing.slice(end).replace(/^calls a month[^.]*\.?\s*/, '');
  return after.trim();
}
