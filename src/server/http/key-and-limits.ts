import type { Context } from 'hono';
import { API_KEY_HEADER, API_KEY_QUERY_PARAM } from '../../contract/api-key';
import type { KeyRecord } from '../auth/api-keys';
import { type ComputeBudget, DEFAULT_COMPUTE_LIMITS } from '../auth/compute-budget';
import type { KeyCache } from '../auth/key-cache';
import { DEFAULT_RATE_LIMITS, type RateLimiter, type RateLimits } from '../auth/rate-limiter';
import { quotaMonth, quotaResetAt, TIER_QUOTAS } from '../auth/tiers';
import type { ChangeSignal, Quota } from '../store/store';
import type { StoreHealth } from '../store/store-health';
import { errorResponse, expiredKey, missingKey, unavailable } from './errors';
import { KEYED_CACHE_CONTROL, KEYED_VARY, rateLimitHeaders, retryAfterSeconds } from './keyed-headers';
import { queryKeys } from './parameters';
import { type AppEnv, requestHeader } from './response';

/** What admitting a key needs of the server (app.ts makes one of each). */
export interface KeyLimits {
  activeKeys: KeyCache;
  /** The store's change count: the key cache and the answer cache are stale once it moves. */
  changes: ChangeSignal;
  usage: Quota;
  /** Null when rate limits are off. */
  rateLimiter: RateLimiter | null;
  rateLimits: RateLimits | null;
  /** The server time each key may take (ms a second, burst); null when off. */
  computeBudget: ComputeBudget | null;
  computeLimits: RateLimits | null;
  now: () => Date;
  /** Whether the store can be reached (checked first: cached answers never touch the store). */
  health: StoreHealth;
}

/**
 * What is left of a key's quota: what this process saw within the last second (at once), else a
 * read of the store (PostgreSQL).
 */
export const leftNow = async (usage: Quota, key: KeyRecord, at: Date): Promise<number> =>
  usage.recentRemaining(key, at) ?? usage.remaining(key, at);

/** A request whose key was accepted. */
export interface Admitted {
  key: KeyRecord;
  at: Date;
  /** Calls left this month. */
  left: number;
  /** The store's change count when the key was found. */
  changed: number;
}

/**
 * The key and its limits, in this order (docs/api.md, "Keys and quota"):
 * 1. the store (503 `unavailable` while it cannot be reached; spends nothing);
 * 2. the key (401; an expired demo key too), from the x-api-key header or the `key` parameter
 *    (a repeated key parameter is a 400);
 * 3. the key's rate limit (429 `rate_limited`): every request of an accepted key takes a token;
 *    then, with `budget`, its compute budget (429 `rate_limited` while the server time it took
 *    has spent it): `budget.key` then holds the key its time is charged to;
 * 4. with `checkQuota`, the monthly quota (429 `quota_exceeded`).
 * A refusal, or the accepted key.
 */
export async function admitKey(
  limits: KeyLimits,
  c: Context<AppEnv>,
  checkQuota: boolean,
  budget: { key: KeyRecord | null } | null,
): Promise<Response | Admitted> {
  const { activeKeys, changes, usage, rateLimiter, computeBudget, now } = limits;
  const refusals = keyedRefusals(limits);
  const problem = limits.health.problem();
  if (problem !== null) return unavailable(c, problem, 60);
  const state = c.get('request');
  const header = requestHeader(c, API_KEY_HEADER);
  // The key parameter, decoded as the operation's parameters are (parameters.ts): `?k%65y=` is `key`.
  const inQuery = queryKeys(c.env?.incoming?.url ?? c.req.url);
  // Which of two keys in the query would it be? Without a header that wins, none: a 400.
  if (inQuery !== undefined && inQuery.length > 1 && !header) return refusals.repeatedKey(c, inQuery.length);
  const sent = header || inQuery?.[0];
  const changed = changes.read();
  const key = sent ? await activeKeys.find(sent, changed) : null;
  if (key === null) return missingKey(c, sent);
  const at = now();
  if (key.expiresAtMs !== null && at.getTime() >= key.expiresAtMs) return expiredKey(c, key.expiresAtMs);
  state.tier = key.tier;
  const wait = rateLimiter === null ? 0 : rateLimiter.take(key.id, key.tier, at.getTime());
  if (wait > 0) return refusals.rateLimited(c, key, at, wait, await leftNow(usage, key, at));
  if (budget !== null && computeBudget !== null) {
    const computeWait = computeBudget.wait(key.id, at.getTime());
    if (computeWait > 0) return refusals.overBudget(c, key, at, computeWait, await leftNow(usage, key, at));
    budget.key = key;
  }
  const left = await leftNow(usage, key, at);
  if (checkQuota && left === 0) return refusals.quotaExceeded(c, key, at);
  // From here every answer carries the key's rate-limit headers, errors too.
  if (inQuery !== undefined && inQuery.length > 1)
    return refusals.repeatedKey(c, inQuery.length, keyedHeaders(key, left, at));
  return { key, at, left, changed };
}

/**
 * The headers of every answer to an accepted key: its rate-limit headers, and the caching rules
 * of a per-key answer (docs/api.md, "HTTP caching").
 */
export function keyedHeaders(key: KeyRecord, remaining: number, at: Date): Record<string, string> {
  const headers = rateLimitHeaders(key.tier, remaining, at);
  headers['cache-control'] = KEYED_CACHE_CONTROL;
  headers.vary = KEYED_VARY;
  return headers;
}

/** The refusals of an accepted key: quota spent, rate limited, a repeated key parameter. */
export function keyedRefusals({
  rateLimits,
  computeLimits,
}: Pick<KeyLimits, 'rateLimits' | 'computeLimits'>) {
  return {
    quotaExceeded(c: Context<AppEnv>, key: KeyRecord, at: Date): Response {
      const reset = quotaResetAt(at).toISOString().slice(0, 10);
      const retryAfter = retryAfterSeconds(at);
      return errorResponse(
        c,
        'quota_exceeded',
        `The monthly quota of this ${key.tier} key (${TIER_QUOTAS[key.tier].toLocaleString('en-US')} calls in ${quotaMonth(at)}, UTC) is spent. It resets on ${reset} at 00:00 UTC, in ${retryAfter} seconds (Retry-After); a higher tier has a larger quota.`,
        { 'retry-after': String(retryAfter), ...keyedHeaders(key, 0, at) },
      );
    },

    /** An empty rate-limit bucket: 429 `rate_limited`, Retry-After in whole seconds; spends nothing. */
    rateLimited(c: Context<AppEnv>, key: KeyRecord, at: Date, waitMs: number, left: number): Response {
      const limit = (rateLimits ?? DEFAULT_RATE_LIMITS)[key.tier];
      return retryLater(
        c,
        { key, at, waitMs, left },
        (seconds) =>
          `Too many requests for this ${key.tier} key: it may make ${limit.perSecond.toLocaleString('en-US')} a second, in bursts of up to ${limit.burst.toLocaleString('en-US')}. Retry in ${inSeconds(seconds)} (Retry-After); this spent none of the monthly quota. A higher tier has a higher limit.`,
      );
    },

    /** The key's compute budget is spent: 429 `rate_limited` before any work; spends nothing. */
    overBudget(c: Context<AppEnv>, key: KeyRecord, at: Date, waitMs: number, left: number): Response {
      const limit = (computeLimits ?? DEFAULT_COMPUTE_LIMITS)[key.tier];
      return retryLater(
        c,
        { key, at, waitMs, left },
        (seconds) =>
          `This ${key.tier} key has used its share of server time: ${limit.perSecond.toLocaleString('en-US')} ms a second, in bursts of up to ${limit.burst.toLocaleString('en-US')} ms (answers that are not cached take the most). Retry in ${inSeconds(seconds)} (Retry-After); this spent none of the monthly quota. A higher tier has a larger budget.`,
      );
    },

    /** A key parameter sent more than once: a 400 like any repeated parameter; it spends nothing. */
    repeatedKey(c: Context<AppEnv>, times: number, headers?: Record<string, string>): Response {
      return errorResponse(
        c,
        'invalid_parameter',
        `${API_KEY_QUERY_PARAM} was sent ${times} times: send it once (or in the ${API_KEY_HEADER} header).`,
        headers,
      );
    },
  };
}

/** A 429 `rate_limited` with Retry-After: the wait in whole seconds, at least one. */
function retryLater(
  c: Context<AppEnv>,
  { key, at, waitMs, left }: { key: KeyRecord; at: Date; waitMs: number; left: number },
  hint: (seconds: number) => string,
): Response {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const headers = keyedHeaders(key, left, at);
  headers['retry-after'] = String(seconds);
  return errorResponse(c, 'rate_limited', hint(seconds), headers);
}

const inSeconds = (seconds: number): string => `${seconds} second${seconds === 1 ? '' : 's'}`;
