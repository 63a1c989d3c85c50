/** decisions.md: the plan tiers and their quotas, in calls per UTC calendar month. */
export const TIERS = ['free', 'pro', 'business'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_QUOTAS: Record<Tier, number> = {
  free: 1_000,
  pro: 50_000,
  business: 1_000_000,
};

export const isTier = (value: string): value is Tier => (TIERS as readonly string[]).includes(value);

/** The UTC calendar month that holds an instant: the window of the monthly quota. */
export interface QuotaWindow {
  /** `YYYY-MM`. */
  month: string;
  /** First instant of the month (epoch ms). */
  startMs: number;
  /** First instant of the next month (epoch ms): when a spent quota is whole again. */
  resetMs: number;
  /** Length of the month in seconds (the `w` of RateLimit-Policy). */
  seconds: number;
}

let lastWindow: QuotaWindow | null = null;

/**
 * The quota window of an instant. Every request needs it, so the last window is kept: the date
 * arithmetic runs once a month (or when a test's clock jumps), not once a call.
 */
export function quotaWindow(at: Date): QuotaWindow {
  const ms = at.getTime();
  if (lastWindow !== null && ms >= lastWindow.startMs && ms < lastWindow.resetMs) return lastWindow;
  const startMs = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  const resetMs = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
  lastWindow = {
    month: new Date(startMs).toISOString().slice(0, 7),
    startMs,
    resetMs,
    seconds: Math.round((resetMs - startMs) / 1000),
  };
  return lastWindow;
}

/** The quota month of an instant: `YYYY-MM` in UTC. */
export const quotaMonth = (at: Date): string => quotaWindow(at).month;

/** The first instant of the UTC month after `at`: when a spent quota is whole again. */
export const quotaResetAt = (at: Date): Date => new Date(quotaWindow(at).resetMs);

/** Length of the quota window that contains `at`, in seconds (the `w` of RateLimit-Policy). */
export const quotaWindowSeconds = (at: Date): number => quotaWindow(at).seconds;
