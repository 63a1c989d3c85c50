/** decisions.md: the plan tiers and their quotas, in calls per UTC calendar month. */
export const TIERS = ['free', 'pro', 'business'] as const;
export type Tier = (typeof TIERS)[number];

export const TIER_QUOTAS: Record<Tier, number> = {
  free: 1_000,
  pro: 50_000,
  business: 1_000_000,
};

/**
 * What each tier costs, in US dollars a month (SLAB_TIER_PRICES): free costs nothing; pro and
 * business sit where peer market-data APIs price their entry and business plans (Polygon's
 * Starter and Developer, CoinGecko's Analyst and Lite: $29 to $499 a month).
 */
export type TierPrices = Readonly<Record<Tier, number>>;
export const DEFAULT_TIER_PRICES: TierPrices = { free: 0, pro: 49, business: 399 };

/**
 * The compute budget of decisions.md ("Keys, tiers, quota, rate limits"): milliseconds of server
 * time a second, and the burst, per key and process. Stated in GET /v1 `plans`; enforced by the
 * keyed pipeline where that is built.
 */
export const COMPUTE_BUDGETS: Readonly<Record<Tier, { msPerSecond: number; burstMs: number }>> = {
  free: { msPerSecond: 200, burstMs: 2_000 },
  pro: { msPerSecond: 500, burstMs: 5_000 },
  business: { msPerSecond: 2_000, burstMs: 20_000 },
};

/** `free=0,pro=49,business=399`: the prices it sets (a tier left out keeps its default), or why not. */
export function parseTierPrices(text: string): TierPrices | string {
  const trimmed = text.trim();
  const prices: Record<Tier, number> = { ...DEFAULT_TIER_PRICES };
  if (trimmed === '') return prices;
  for (const item of trimmed.split(',')) {
    const match = /^\s*(free|pro|business)\s*=\s*\$?([0-9]{1,7}(?:\.[0-9]{1,2})?)\s*$/.exec(item);
    if (match === null) return `"${item.trim()}" is not tier=dollars a month (e.g. pro=49 or pro=49.50)`;
    prices[match[1] as Tier] = Number(match[2]);
  }
  return prices;
}

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
