import { describe, expect, it } from 'vitest';
import { pricedTiers, pricingRemark, quotaOfTier } from './pricing';

const PRICING =
  'free: 1,000 calls a month, no payment card needed; pro: 50,000 calls a month; business: 1,000,000 calls a month. Quotas reset on the first day of each month (UTC). A typo spends nothing.';

describe('pricing sentence of GET /v1', () => {
  it('reads every tier with its monthly quota and note', () => {
    expect(pricedTiers(PRICING)).toEqual([
      { tier: 'free', quota: 1000, note: 'no payment card needed' },
      { tier: 'pro', quota: 50000, note: '' },
      { tier: 'business', quota: 1000000, note: '' },
    ]);
  });

  it('names the quota of a tier, and nothing for an unknown one or another shape', () => {
    expect(quotaOfTier(PRICING, 'pro')).toBe(50000);
    expect(quotaOfTier(PRICING, 'enterprise')).toBeNull();
    expect(quotaOfTier(PRICING, null)).toBeNull();
    expect(pricedTiers('Ask us for a price.')).toEqual([]);
    expect(pricedTiers(undefined)).toEqual([]);
  });

  it('keeps what follows the tiers', () => {
    expect(pricingRemark(PRICING)).toBe(
      'Quotas reset on the first day of each month (UTC). A typo spends nothing.',
    );
    expect(pricingRemark('Ask us for a price.')).toBe('Ask us for a price.');
  });
});
