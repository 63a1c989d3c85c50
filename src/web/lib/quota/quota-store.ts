// Before QuotaSchema is built, the first schema of the start (main.tsx): zod must be jitless first,
// or it probes eval.
import '../zod-config';
import { z } from 'zod/mini';
import type { Meta } from '../../../contract/resources';
import type { RateLimitInfo } from '../api/rate-limit-headers';
import { createStore } from '../external-store';

/**
 * The quota meter's source of truth: the latest `meta` (tier, remaining) and RateLimit headers the
 * fetch function saw, plus the calls this browser session spent. Kept in sessionStorage so a reload
 * that is served from cache (and so sends nothing) still shows the last known quota. Holds no key.
 * zod/mini: this runs before first paint, where classic zod is not loaded.
 */
const QuotaSchema = z.object({
  tier: z.nullable(z.string()),
  remaining: z.nullable(z.int()),
  limit: z.nullable(z.int()),
  /** ISO date-time when the monthly quota resets, from the RateLimit headers. */
  resetAt: z.nullable(z.string()),
  /** ISO date-time of the response this was read from. */
  observedAt: z.nullable(z.string()),
  callsThisSession: z.int().check(z.nonnegative()),
});
export type Quota = z.infer<typeof QuotaSchema>;

export const EMPTY_QUOTA: Quota = {
  tier: null,
  remaining: null,
  limit: null,
  resetAt: null,
  observedAt: null,
  callsThisSession: 0,
};

const STORAGE_KEY = 'slab.quota';

function readSaved(): Quota {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    const parsed = raw ? QuotaSchema.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : EMPTY_QUOTA;
  } catch {
    return EMPTY_QUOTA;
  }
}

export const quotaStore = createStore<Quota>(readSaved());

quotaStore.subscribe(() => {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(quotaStore.get()));
  } catch {
    // Storage full or blocked: the meter still works for this page view.
  }
});

export interface QuotaObservation {
  meta: Meta | null;
  rateLimit: RateLimitInfo;
  /** True when the response spent quota (a 2xx data response). */
  spent: boolean;
  now?: number;
}

/** Called by the fetch function after every keyed response. Pure on its inputs, exported for tests. */
export function nextQuota(
  previous: Quota,
  { meta, rateLimit, spent, now = Date.now() }: QuotaObservation,
): Quota {
  const resetSeconds = rateLimit.resetSeconds ?? rateLimit.retryAfterSeconds;
  return {
    tier: meta?.tier ?? previous.tier,
    remaining: meta?.remaining ?? rateLimit.remaining ?? previous.remaining,
    limit: rateLimit.limit ?? previous.limit,
    resetAt: resetSeconds === null ? previous.resetAt : new Date(now + resetSeconds * 1000).toISOString(),
    observedAt: meta?.generated ?? new Date(now).toISOString(),
    callsThisSession: previous.callsThisSession + (spent ? 1 : 0),
  };
}

export const recordQuota = (observation: QuotaObservation): void =>
  quotaStore.set((previous) => nextQuota(previous, observation));

/** "Forget key": the quota belongs to the key, so it goes too. */
export const clearQuota = (): void => quotaStore.set(EMPTY_QUOTA);
