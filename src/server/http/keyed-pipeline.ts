import { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { z } from 'zod';
import { API_KEY_HEADER, API_KEY_QUERY_PARAM } from '../../contract/api-key';
import { AnalyticsError } from '../analytics/analytics-error';
import type { KeyRecord } from '../auth/api-keys';
import { ComputeBudget, DEFAULT_COMPUTE_LIMITS } from '../auth/compute-budget';
import type { KeyCache } from '../auth/key-cache';
import {
  DEFAULT_RATE_LIMITS,
  RateLimiter,
  type RateLimiterOptions,
  type RateLimits,
} from '../auth/rate-limiter';
import { quotaMonth, quotaResetAt, quotaWindow, TIER_QUOTAS, type Tier } from '../auth/tiers';
import type { ChangeSignal, Quota } from '../store/store';
import type { StoreHealth } from '../store/store-health';
import { DIRECT_MIN_BYTES, directJson } from './direct-write';
import { errorResponse, expiredKey, missingKey, unavailable } from './errors';
import { GZIP_MIN_BYTES, gzipTail, gzipWithHead } from './gzip';
import { parameterReader, queryKeys } from './parameters';
import { type AppEnv, apiJson, keyedIfNoneMatch, requestHeader, strongEtag, wantsGzip } from './response';
import type { CachedJson, ResponseCache } from './response-cache';

/**
 * The keyed pipeline (docs/api.md, "The request path"), in the order a request meets it:
 * 1. admit: the store reachable, the key, its rate limit and compute budget, its quota (`admitKey`);
 * 2. parameters: the query against the operation's registry schema (parameters.ts);
 * 3. answer: from the response cache while the store is unchanged, else the operation's;
 * 4. envelope and response: one call spent, atomically with the quota check, and
 *    `{"meta":...,"data":...}` with the key's headers (`envelopeAnswer`).
 */

/** What the keyed routes need of the server (app.ts makes one). */
export interface KeyedRouteDeps {
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
  cache: ResponseCache;
  /** Answers of this many bytes or more are written directly (direct-write.ts). */
  directMinBytes?: number;
  /** The answer to an error thrown while computing (an analytics refusal, a store fault, or a logged 500). */
  failure: (c: Context<AppEnv>, error: unknown, headers: Record<string, string>) => Response;
}

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/**
 * The pipeline's limits from the config: the rate limits (decisions.md's defaults unless set, null
 * when `off`), and the compute budget, which goes with them (off when they are off).
 */
export function pipelineLimits(
  config: { SLAB_RATE_LIMITS?: RateLimits | null; SLAB_COMPUTE_LIMITS?: RateLimits | null },
  rateLimiterOptions?: RateLimiterOptions,
): Pick<KeyedRouteDeps, 'rateLimiter' | 'rateLimits' | 'computeBudget' | 'computeLimits'> {
  const rateLimits = config.SLAB_RATE_LIMITS === undefined ? DEFAULT_RATE_LIMITS : config.SLAB_RATE_LIMITS;
  const computeLimits =
    rateLimits === null
      ? null
      : config.SLAB_COMPUTE_LIMITS === undefined
        ? DEFAULT_COMPUTE_LIMITS
        : config.SLAB_COMPUTE_LIMITS;
  return {
    rateLimiter: rateLimits === null ? null : new RateLimiter(rateLimits, rateLimiterOptions),
    rateLimits,
    computeBudget: computeLimits === null ? null : new ComputeBudget(computeLimits),
    computeLimits,
  };
}

// ---- 1. admit ---------------------------------------------------------------------------------

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
  limits: KeyedRouteDeps,
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
}: Pick<KeyedRouteDeps, 'rateLimits' | 'computeLimits'>) {
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

/**
 * Keyed answers are per key (their `meta`, their rate-limit headers): no shared cache may keep one,
 * and a private cache revalidates each time (docs/api.md, "HTTP caching").
 */
export const KEYED_CACHE_CONTROL = 'private, no-cache';
/** Keyed answers differ by key and by encoding (gzip or not). */
export const KEYED_VARY = 'x-api-key, accept-encoding';

/** The IETF draft rate-limit headers (draft-ietf-httpapi-ratelimit-headers) for a monthly quota. */
export function rateLimitHeaders(tier: Tier, remaining: number, at: Date): Record<string, string> {
  const window = quotaWindow(at);
  return {
    'ratelimit-policy': `"monthly";q=${TIER_QUOTAS[tier]};w=${window.seconds}`,
    ratelimit: `"monthly";r=${remaining};t=${retryAfterSeconds(at)}`,
  };
}

/** Seconds until the quota window of `at` ends (at least 1): Retry-After of a 429, `t` of RateLimit. */
export function retryAfterSeconds(at: Date): number {
  return Math.max(1, Math.ceil((quotaWindow(at).resetMs - at.getTime()) / 1000));
}

// ---- 4. envelope and response ------------------------------------------------------------------

/**
 * The envelope of every keyed answer, `{"meta":{...},"data":...}` (spec, "Envelope"), written in
 * two parts: the head (`{"meta":...,"data":`), made on each call, and the tail (the cached `data`
 * and the closing brace), made once per cached answer and kept with it by the response cache, as
 * UTF-8 bytes and deflated. This is the only place that knows the envelope's text.
 */

/** The per-call head: `meta` is ASCII (a tier, numbers, an ISO date), so its length is its byte length. */
export const envelopeHead = (tier: string, remaining: number, at: Date): string =>
  `{"meta":{"tier":"${tier}","remaining":${remaining},"generated":"${at.toISOString()}"},"data":`;

/** The cached part: the serialized `data`, then the envelope's closing brace. */
const envelopeTail = (json: string): string => `${json}}`;

/**
 * The 200 answer: the head then the cached tail's bytes, gzipped for a client that accepts it (the
 * tail deflated once, behind this call's head: gzip.ts). `headers` are the keyed answer's own
 * (rate limits, caching).
 */
export function envelopeAnswer(
  c: Context<AppEnv>,
  cache: ResponseCache,
  head: string,
  data: CachedJson,
  headers: Record<string, string>,
  directMinBytes = DIRECT_MIN_BYTES,
): Response {
  if (head.length + data.bytes + 1 >= GZIP_MIN_BYTES && wantsGzip(c)) {
    const body = gzipWithHead(
      head,
      cache.formOf(
        data,
        'gzip',
        () => gzipTail(envelopeTail(data.json)),
        (tail) => tail.deflated.length,
      ),
    );
    headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(body.length);
    return apiJson(c.get('request'), 200, body as Uint8Array<ArrayBuffer>, headers);
  }
  // The head is ASCII and the cache knows the data's UTF-8 length: no measuring.
  headers['content-length'] = String(head.length + data.bytes + 1);
  const text = head + envelopeTail(data.json);
  if (data.bytes < directMinBytes || !(c.env?.outgoing instanceof ServerResponse))
    return apiJson(c.get('request'), 200, text, headers);
  const tail = cache.formOf(
    data,
    'utf8',
    () => Buffer.from(envelopeTail(data.json)),
    (bytes) => bytes.length,
  );
  return directJson(c.get('request'), head, tail, text, headers);
}

// ---- the routes: the stages in order ------------------------------------------------------------

/**
 * The handler of a keyed data operation (docs/api.md, "The request path"):
 * 1. the key and its limits (`admitKey`);
 * 2. the parameters against the operation's schema (parameters.ts; 400 `invalid_parameter`);
 * 3. the answer, from the response cache while the store is unchanged, else computed by the
 *    analytics (response-cache.ts; a `no_match` is a 404 that spends a call when q matched cards);
 * 4. a matching If-None-Match: 304, spending nothing (a `*` matches nothing here);
 * 5. one call spent, atomically with the quota check, and the envelope (`envelopeAnswer`).
 * A HEAD goes the same way, spending the same, and gets the same status and headers (Hono drops
 * the body). The server time from the key's admission to the answer is charged to its compute budget.
 */
export function keyedRoute<S extends z.ZodObject>(
  deps: KeyedRouteDeps,
  operation: string,
  schema: S,
  compute: (params: z.output<S>) => Promise<unknown>,
): Handler {
  const { usage, cache, computeBudget, now } = deps;
  const refusals = keyedRefusals(deps);
  const readParameters = parameterReader(operation, schema);

  const answer = async (c: Context<AppEnv>, admitted: Admitted): Promise<Response> => {
    const { key, at, left, changed } = admitted;
    const parameters = readParameters(c);
    if (!parameters.ok)
      return errorResponse(c, 'invalid_parameter', parameters.hint, keyedHeaders(key, left, at));
    let data: CachedJson;
    try {
      data = await cache.json(operation, parameters.params, compute, changed, parameters.cacheKey);
    } catch (error) {
      // "No sale of this card with these filters" is an answer about sales: it spends a call, or
      // a price band could be searched for free (decisions.md, "Keys, tiers, quota").
      if (error instanceof AnalyticsError && error.spendsCall) {
        const spent = await usage.trySpend(key, at, operation);
        if (!spent.ok) return refusals.quotaExceeded(c, key, at);
        return errorResponse(c, error.code, error.hint, keyedHeaders(key, spent.remaining, at));
      }
      return deps.failure(c, error, keyedHeaders(key, await leftNow(usage, key, at), at));
    }
    const condition = requestHeader(c, 'if-none-match');
    if (condition !== undefined && keyedIfNoneMatch(condition, data.etag)) {
      const headers = keyedHeaders(key, await leftNow(usage, key, at), at);
      headers.etag = data.etag;
      return apiJson(c.get('request'), 304, null, headers);
    }
    const spent = await usage.trySpend(key, at, operation);
    if (!spent.ok) return refusals.quotaExceeded(c, key, at);
    const headers = keyedHeaders(key, spent.remaining, at);
    headers.etag = data.etag;
    return envelopeAnswer(
      c,
      cache,
      envelopeHead(key.tier, spent.remaining, at),
      data,
      headers,
      deps.directMinBytes,
    );
  };

  return async (c) => {
    const started = performance.now();
    const budget: { key: KeyRecord | null } = { key: null };
    const admitted = await admitKey(deps, c, true, budget);
    const response = admitted instanceof Response ? admitted : await answer(c, admitted);
    if (budget.key !== null && computeBudget !== null)
      computeBudget.charge(budget.key.id, budget.key.tier, started, performance.now(), now().getTime());
    return response;
  };
}

/**
 * The handler of an operation on the key's own account (GET /v1/usage): admitted like any keyed
 * request (a rate-limit token taken) but answered even when the quota is spent, never cached, and
 * spending nothing; its ETag (of its data) gives a 304 while nothing changed. It takes no parameter
 * but the key.
 */
export function accountRoute(
  deps: KeyedRouteDeps,
  answer: (key: KeyRecord, at: Date) => Promise<{ data: unknown; remaining: number }>,
  schema: z.ZodObject,
): Handler {
  const readParameters = parameterReader('usage', schema);
  return async (c) => {
    const admitted = await admitKey(deps, c, false, null);
    if (admitted instanceof Response) return admitted;
    const { key, at, left } = admitted;
    const parameters = readParameters(c);
    if (!parameters.ok)
      return errorResponse(c, 'invalid_parameter', parameters.hint, keyedHeaders(key, left, at));
    let result: { data: unknown; remaining: number };
    try {
      result = await answer(key, at);
    } catch (error) {
      return deps.failure(c, error, keyedHeaders(key, left, at));
    }
    const data = JSON.stringify(result.data);
    const headers = keyedHeaders(key, result.remaining, at);
    headers.etag = strongEtag(data);
    const condition = requestHeader(c, 'if-none-match');
    if (condition !== undefined && keyedIfNoneMatch(condition, headers.etag))
      return apiJson(c.get('request'), 304, null, headers);
    return apiJson(c.get('request'), 200, `${envelopeHead(key.tier, result.remaining, at)}${data}}`, headers);
  };
}
