/** decisions.md: the plan tiers and their quotas, in calls per UTC calendar month. */
export const TIERS = ['free', 'pro', 'business'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_QUOTAS: Record<Tier, number> = {
  free: 1_000,
  pro: 50_000,
  business: 1_000_000,
};

export const isTier = (value: string): value is Tier => (TIERS as readonly string[]).includes(value);

/** The quota month of an instant: `YYYY-MM` in UTC. */
export const quotaMonth = (at: Date): string => at.toISOString().slice(0, 7);

/** The first instant of the UTC month after `at`: when a spent quota is whole again. */
export function quotaResetAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** Length of the quota window that contains `at`, in seconds (the `w` of RateLimit-Policy). */
export function quotaWindowSeconds(at: Date): number {
  const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  return Math.round((quotaResetAt(at).getTime() - start) / 1000);
}
