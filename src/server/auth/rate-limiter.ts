import type { Tier } from './tiers';

/** A tier's rate limit: a token bucket refilled at `perSecond`, holding at most `burst` tokens. */
export interface TierRate {
  readonly perSecond: number;
  readonly burst: number;
}

export type RateLimits = Readonly<Record<Tier, TierRate>>;

/** decisions.md, "Rate limit": free 20/s in bursts of 100, pro 50/250, business 200/1,000. */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  free: { perSecond: 20, burst: 100 },
  pro: { perSecond: 50, burst: 250 },
  business: { perSecond: 200, burst: 1_000 },
};

/** One rate for every tier: buckets of something that has no tier (a client address, the server). */
export const sameForEveryTier = (rate: TierRate): RateLimits => ({ free: rate, pro: rate, business: rate });

/**
 * decisions.md, "Keyless operations": each client address (IPv6 by its /64) may make 20 keyless
 * requests a second in bursts of 100, across them all.
 */
export const DEFAULT_KEYLESS_LIMIT: TierRate = { perSecond: 20, burst: 100 };

/**
 * Reads `SLAB_KEYLESS_LIMIT`: `perSecond/burst` (`20/100`), `off`, or empty for the default. Returns
 * the problem as a string when the text is neither.
 */
export function parseKeylessLimit(text: string): TierRate | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return DEFAULT_KEYLESS_LIMIT;
  if (trimmed === 'off') return null;
  const match = /^([0-9]+(?:\.[0-9]+)?)\s*\/\s*([0-9]+)$/.exec(trimmed);
  if (match === null) return `"${trimmed}" is not perSecond/burst (e.g. 20/100), and not "off"`;
  const perSecond = Number(match[1]);
  const burst = Number(match[2]);
  if (!(perSecond > 0) || burst < 1)
    return `the rate must be above 0 and the burst at least 1 (got ${match[1]}/${match[2]})`;
  return { perSecond, burst };
}

export interface RateLimiterOptions {
  /** Most buckets kept (default 100,000); beyond it the oldest go (a key then starts full again). */
  maxBuckets?: number;
  /** How often, at most, full buckets are dropped (default 10 s). */
  sweepEveryMs?: number;
}

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (epoch ms). */
  at: number;
  readonly limit: TierRate;
}

/**
 * Per-key token buckets, in this process's memory (docs/api.md, "Rate limit"). Every keyed request
 * takes one token; an empty bucket refuses until a token has grown back.
 *
 * Bounded: a bucket that has refilled to its burst is the same as no bucket, so buckets idle that
 * long are dropped, in a sweep run at most every `sweepEveryMs` and only when a new key arrives
 * (the only time the map grows). A hit costs one map lookup and a few additions.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly maxBuckets: number;
  private readonly sweepEveryMs: number;
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limits: RateLimits,
    options: RateLimiterOptions = {},
  ) {
    this.maxBuckets = options.maxBuckets ?? 100_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 10_000;
  }

  /**
   * Takes a token from the bucket of key `id` at `nowMs`: 0 when one was taken, else the
   * milliseconds until one will be there (and nothing is taken).
   */
  take(id: string, tier: Tier, nowMs: number): number {
    let bucket = this.buckets.get(id);
    if (bucket === undefined) {
      if (nowMs - this.lastSweep >= this.sweepEveryMs || this.buckets.size >= this.maxBuckets)
        this.sweep(nowMs);
      const limit = this.limits[tier];
      bucket = { tokens: limit.burst, at: nowMs, limit };
      this.buckets.set(id, bucket);
    } else if (nowMs > bucket.at) {
      const { perSecond, burst } = bucket.limit;
      bucket.tokens = Math.min(burst, bucket.tokens + ((nowMs - bucket.at) * perSecond) / 1000);
      bucket.at = nowMs;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil(((1 - bucket.tokens) * 1000) / bucket.limit.perSecond));
  }

  /** The milliseconds until the bucket of `id` holds a token (0: it holds one now); takes nothing. */
  wait(id: string, nowMs: number): number {
    const bucket = this.buckets.get(id);
    if (bucket === undefined) return 0;
    const { perSecond, burst } = bucket.limit;
    const tokens = Math.min(burst, bucket.tokens + (Math.max(0, nowMs - bucket.at) * perSecond) / 1000);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - tokens) * 1000) / perSecond));
  }

  /** Buckets kept now (for tests). */
  get size(): number {
    return this.buckets.size;
  }

  /** Drops the buckets that have refilled; at the bound, the oldest tenth too. */
  private sweep(nowMs: number): void {
    this.lastSweep = nowMs;
    for (const [id, bucket] of this.buckets) {
      const { perSecond, burst } = bucket.limit;
      if (bucket.tokens + ((nowMs - bucket.at) * perSecond) / 1000 >= burst) this.buckets.delete(id);
    }
    if (this.buckets.size < this.maxBuckets) return;
    const keep = Math.floor(this.maxBuckets * 0.9);
    for (const id of this.buckets.keys()) {
      if (this.buckets.size <= keep) break;
      this.buckets.delete(id);
    }
  }
}

/**
 * Reads `SLAB_RATE_LIMITS`: `off`, or comma-separated `tier=perSecond/burst` items
 * (`free=20/100,pro=50/250`); a tier not named keeps its default. Returns the problem as a string
 * when the text is not of that form.
 */
export function parseRateLimits(text: string, defaults = DEFAULT_RATE_LIMITS): RateLimits | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return defaults;
  if (trimmed === 'off') return null;
  const limits: Record<Tier, TierRate> = { ...defaults };
  for (const item of trimmed.split(',')) {
    const match = /^\s*(free|pro|business)\s*=\s*([0-9]+(?:\.[0-9]+)?)\s*\/\s*([0-9]+)\s*$/.exec(item);
    if (match === null)
      return `"${item.trim()}" is not tier=perSecond/burst (e.g. free=20/100), and the whole value is not "off"`;
    const [, tier, rate, burst] = match as unknown as [string, Tier, string, string];
    const perSecond = Number(rate);
    const size = Number(burst);
    if (!(perSecond > 0) || size < 1)
      return `${tier}: the rate must be above 0 and the burst at least 1 (got ${rate}/${burst})`;
    limits[tier] = { perSecond, burst: size };
  }
  return limits;
}
