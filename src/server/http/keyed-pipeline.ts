import type { Context } from 'hono';
import type { z } from 'zod';
import { API_KEY_HEADER, API_KEY_QUERY_PARAM } from '../../contract/api-key';
import { AnalyticsError } from '../analytics/analytics-error';
import type { KeyRecord } from '../auth/api-keys';
import { type ComputeBudget, DEFAULT_COMPUTE_LIMITS } from '../auth/compute-budget';
import type { KeyCache } from '../auth/key-cache';
import { DEFAULT_RATE_LIMITS, type RateLimiter, type RateLimits } from '../auth/rate-limiter';
import { quotaMonth, quotaResetAt, TIER_QUOTAS } from '../auth/tiers';
import type { ChangeSignal, Quota } from '../store/store';
import type { StoreHealth } from '../store/store-health';
import { envelopeAnswer, envelopeHead } from './envelope';
import { errorResponse, expiredKey, missingKey, unavailable, validationHint } from './errors';
import {
  ifNoneMatch,
  KEYED_CACHE_CONTROL,
  KEYED_VARY,
  rateLimitHeaders,
  retryAfterSeconds,
} from './keyed-headers';
import { malformedParameter, QueryMemo, queryKeys, rawQuery } from './query-memo';
import { type AppEnv, apiJson, requestHeader } from './respond';
import { type CachedJson, cacheKey, type ResponseCache } from './response-cache';
import { runSteps, type Steps, step } from './steps';
import { knownParameters, unknownParameterHint } from './unknown-parameters';

/** What the keyed pipeline needs of the server (app.ts makes one of each). */
export interface KeyedDeps {
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
  cache: ResponseCache;
  now: () => Date;
  directMinBytes: number | undefined;
  /** The answer to an error thrown while computing (an analytics refusal, a store fault, or a logged 500). */
  failure: (c: Context<AppEnv>, error: unknown, headers: Record<string, string>) => Response;
  /** Whether the store can be reached (checked first: cached answers never touch the store). */
  health: StoreHealth;
}

/** The key a request was accepted with, once it has passed the compute budget (its time is charged to it). */
interface Accepted {
  key: KeyRecord | null;
}

/**
 * The handler of a keyed data operation (docs/api.md, "Keys and quota"). It checks, in this order:
 * 0. the store (503 `unavailable` while it cannot be reached; spends nothing);
 * 1. the key (401; an expired demo key too), from the x-api-key header or the `key` parameter;
 * 2. the key's rate limit (429 `rate_limited`): every request of an accepted key takes a token;
 *    then its compute budget (429 `rate_limited` while the server time it took has spent it);
 * 3. the monthly quota (429 `quota_exceeded`);
 * 4. the parameters: a name the operation's schema does not know (nor `key`) is 400
 *    (unknown-parameters.ts), then the values against the schema (400); a query text accepted
 *    once is taken from the operation's memo (query-memo.ts);
 * 5. the answer, from the response cache while the store is unchanged (a `no_match` is a 404; it
 *    spends a call when q matched cards, none when it matched no card);
 * 6. a matching If-None-Match (304, spends nothing);
 * then one call is spent, atomically with the check, and the envelope is written (envelope.ts).
 * A HEAD goes the same way, spending the same, and gets the same status and headers.
 *
 * Its steps may wait on the store (PostgreSQL's key book, quota and analytics): it is run by
 * `runSteps` (steps.ts), so that while nothing waits (SQLite, a cached answer) the call runs and
 * answers synchronously, and from the first step that waits, asynchronously.
 */
export function keyedHandler<S extends z.ZodObject>(
  deps: KeyedDeps,
  operation: string,
  schema: S,
  compute: (params: z.output<S>) => Promise<unknown>,
): (c: Context<AppEnv>) => Response | Promise<Response> {
  const { usage, cache, now } = deps;
  const memo = new QueryMemo<z.output<S>>();
  const refusals = keyedRefusals(deps);
  const known = knownParameters(schema.shape);

  const leftNow = leftNowOf(usage);

  const { computeBudget } = deps;
  return (c) => {
    if (computeBudget === null) return runSteps(keyedSteps(c, null));
    // The server time of the request, from here to its answer being ready, is charged to its key.
    const started = performance.now();
    const accepted: Accepted = { key: null };
    const charge = (response: Response): Response => {
      const { key } = accepted;
      if (key !== null) computeBudget.charge(key.id, key.tier, started, performance.now(), now().getTime());
      return response;
    };
    const answer = runSteps(keyedSteps(c, accepted));
    return answer instanceof Promise ? answer.then(charge) : charge(answer);
  };

  function* keyedSteps(c: Context<AppEnv>, accepted: Accepted | null): Steps<Response> {
    const admitted = yield* admitKey(deps, refusals, c, true, accepted);
    if (admitted instanceof Response) return admitted;
    const { key, at, url, changed, left } = admitted;
    const state = c.env;

    const query = rawQuery(url);
    let validated = memo.get(query);
    if (validated === undefined) {
      const malformed = malformedParameter(query);
      if (malformed !== null) {
        return errorResponse(
          c,
          'invalid_parameter',
          `${malformed}: the value is not valid percent-encoded UTF-8 (such as %ff alone). Encode the text as UTF-8, then percent-encode it (encodeURIComponent).`,
          keyedHeaders(key, left, at),
        );
      }
      const queries = c.req.queries();
      const unknown = unknownParameterHint(c.req.path, Object.keys(queries), known);
      if (unknown !== null)
        return errorResponse(c, 'invalid_parameter', unknown, keyedHeaders(key, left, at));
      const parsed = schema.safeParse(queryObject(queries));
      if (!parsed.success) {
        return errorResponse(
          c,
          'invalid_parameter',
          validationHint(parsed.error, queries),
          keyedHeaders(key, left, at),
        );
      }
      validated = { params: parsed.data, cacheKey: cacheKey(operation, parsed.data) };
      memo.remember(query, validated);
    }
    const { params } = validated;
    let data: CachedJson;
    try {
      data =
        cache.hit(validated.cacheKey, changed) ??
        (yield* step(cache.jsonFor(validated.cacheKey, () => compute(params), changed)));
    } catch (error) {
      // "No sale of this card with these filters" is an answer about sales: it spends a call, or
      // a price band could be searched for free (decisions.md, "Keys, tiers, quota").
      if (error instanceof AnalyticsError && error.spendsCall) {
        const spent = yield* step(usage.trySpend(key, at, operation));
        if (!spent.ok) return refusals.quotaExceeded(c, key, at);
        return errorResponse(c, error.code, error.hint, keyedHeaders(key, spent.remaining, at));
      }
      return deps.failure(c, error, keyedHeaders(key, yield* step(leftNow(key, at)), at));
    }

    const condition = requestHeader(state, c.req.raw, 'if-none-match');
    if (condition !== undefined && ifNoneMatch(condition, data.etag)) {
      const headers = keyedHeaders(key, yield* step(leftNow(key, at)), at);
      headers.etag = data.etag;
      return apiJson(state, 304, null, headers);
    }
    // A HEAD spends as a GET does: its status and ETag say what the body would (Hono drops the body).
    const spent = yield* step(usage.trySpend(key, at, operation));
    if (!spent.ok) return refusals.quotaExceeded(c, key, at);
    const remaining = spent.remaining;
    const headers = keyedHeaders(key, remaining, at);
    headers.etag = data.etag;
    return envelopeAnswer(
      c,
      cache,
      envelopeHead(key.tier, remaining, at),
      data,
      headers,
      deps.directMinBytes,
    );
  }
}

/**
 * What is left of a key's quota: what this process saw within the last second (at once), else a
 * read of the store (PostgreSQL).
 */
const leftNowOf =
  (usage: Quota) =>
  (key: KeyRecord, at: Date): number | Promise<number> =>
    usage.recentRemaining(key, at) ?? usage.remaining(key, at);

/** A request whose key was accepted, with what the steps after need of it. */
interface Admitted {
  key: KeyRecord;
  at: Date;
  /** Calls left this month. */
  left: number;
  /** The request line's path and query. */
  url: string;
  /** The store's change count when the key was found. */
  changed: number;
}

/**
 * Steps 0 to 3 of a keyed request (keyedHandler): the store, the key, its rate limit, its compute
 * budget (with `accepted`, which then holds the key its time is charged to) and (with `checkQuota`)
 * its monthly quota; a refusal, or the accepted key. A repeated key parameter is a 400.
 */
function* admitKey(
  deps: KeyedDeps,
  refusals: KeyedRefusals,
  c: Context<AppEnv>,
  checkQuota: boolean,
  accepted: Accepted | null,
): Steps<Response | Admitted> {
  const { activeKeys, changes, usage, rateLimiter, computeBudget, now } = deps;
  const leftNow = leftNowOf(usage);
  const problem = deps.health.problem();
  if (problem !== null) return unavailable(c, problem, 60);
  const state = c.env;
  const header = requestHeader(state, c.req.raw, API_KEY_HEADER);
  // The key parameter, decoded as the operation's parameters are (query-memo.ts): `?k%65y=` is `key`.
  // The request line's own path and query: c.req.url would build (and parse) a whole URL first.
  const url = state.incoming?.url ?? c.req.url;
  const inQuery = queryKeys(url);
  // Which of two keys in the query would it be? Without a header that wins, none: a 400.
  if (inQuery !== undefined && inQuery.length > 1 && !header) return refusals.repeatedKey(c, inQuery.length);
  const sent = header || inQuery?.[0];
  const changed = changes.read();
  const key = sent ? yield* step(activeKeys.find(sent, changed)) : null;
  if (key === null) return missingKey(c, sent);
  const at = now();
  if (key.expiresAtMs !== null && at.getTime() >= key.expiresAtMs) return expiredKey(c, key.expiresAtMs);
  state.tier = key.tier;
  const wait = rateLimiter === null ? 0 : rateLimiter.take(key.id, key.tier, at.getTime());
  if (wait > 0) return refusals.rateLimited(c, key, at, wait, yield* step(leftNow(key, at)));
  if (accepted !== null && computeBudget !== null) {
    const computeWait = computeBudget.wait(key.id, at.getTime());
    if (computeWait > 0) return refusals.overBudget(c, key, at, computeWait, yield* step(leftNow(key, at)));
    accepted.key = key;
  }
  const left = yield* step(leftNow(key, at));
  if (checkQuota && left === 0) return refusals.quotaExceeded(c, key, at);
  // From here every answer carries the key's rate-limit headers, errors too.
  if (inQuery !== undefined && inQuery.length > 1)
    return refusals.repeatedKey(c, inQuery.length, keyedHeaders(key, left, at));
  return { key, at, left, url, changed };
}

/**
 * The handler of an operation on the key's own account (GET /v1/usage): admitted like any keyed
 * request (a rate-limit token taken) but answered even when the quota is spent, never cached, and
 * spending nothing. It takes no parameter but the key.
 */
export function accountHandler(
  deps: KeyedDeps,
  answer: (key: KeyRecord, at: Date) => Promise<{ data: unknown; remaining: number }>,
): (c: Context<AppEnv>) => Response | Promise<Response> {
  const known = knownParameters({});
  const refusals = keyedRefusals(deps);
  function* accountSteps(c: Context<AppEnv>): Steps<Response> {
    const admitted = yield* admitKey(deps, refusals, c, false, null);
    if (admitted instanceof Response) return admitted;
    const { key, at, left } = admitted;
    const unknown = unknownParameterHint(c.req.path, Object.keys(c.req.queries()), known);
    if (unknown !== null) return errorResponse(c, 'invalid_parameter', unknown, keyedHeaders(key, left, at));
    let result: { data: unknown; remaining: number };
    try {
      result = yield* step(answer(key, at));
    } catch (error) {
      return deps.failure(c, error, keyedHeaders(key, left, at));
    }
    const body = `${envelopeHead(key.tier, result.remaining, at)}${JSON.stringify(result.data)}}`;
    return apiJson(c.env, 200, body, keyedHeaders(key, result.remaining, at));
  }
  return (c) => runSteps(accountSteps(c));
}

/**
 * The headers of every answer to an accepted key: its rate-limit headers, and the caching rules
 * of a per-key answer (docs/api.md, "HTTP caching").
 */
function keyedHeaders(key: KeyRecord, remaining: number, at: Date): Record<string, string> {
  const headers = rateLimitHeaders(key.tier, remaining, at);
  headers['cache-control'] = KEYED_CACHE_CONTROL;
  headers.vary = KEYED_VARY;
  return headers;
}

type KeyedRefusals = ReturnType<typeof keyedRefusals>;

/** The refusals of an accepted key: quota spent, rate limited, a repeated key parameter. */
function keyedRefusals({ rateLimits, computeLimits }: KeyedDeps) {
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
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      const headers = keyedHeaders(key, left, at);
      headers['retry-after'] = String(seconds);
      return errorResponse(
        c,
        'rate_limited',
        `Too many requests for this ${key.tier} key: it may make ${limit.perSecond.toLocaleString('en-US')} a second, in bursts of up to ${limit.burst.toLocaleString('en-US')}. Retry in ${seconds} second${seconds === 1 ? '' : 's'} (Retry-After); this spent none of the monthly quota. A higher tier has a higher limit.`,
        headers,
      );
    },

    /** The key's compute budget is spent: 429 `rate_limited` before any work; spends nothing. */
    overBudget(c: Context<AppEnv>, key: KeyRecord, at: Date, waitMs: number, left: number): Response {
      const limit = (computeLimits ?? DEFAULT_COMPUTE_LIMITS)[key.tier];
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      const headers = keyedHeaders(key, left, at);
      headers['retry-after'] = String(seconds);
      return errorResponse(
        c,
        'rate_limited',
        `This ${key.tier} key has used its share of server time: ${limit.perSecond.toLocaleString('en-US')} ms a second, in bursts of up to ${limit.burst.toLocaleString('en-US')} ms (answers that are not cached take the most). Retry in ${seconds} second${seconds === 1 ? '' : 's'} (Retry-After); this spent none of the monthly quota. A higher tier has a larger budget.`,
        headers,
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

/** The query as the operation schemas take it: one value per parameter, an array for a repeated one. */
function queryObject(queries: Record<string, string[]>): Record<string, string | string[]> {
  const value: Record<string, string | string[]> = {};
  for (const name in queries) {
    const values = queries[name] as string[];
    value[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return value;
}
