import type { Context } from 'hono';
import type { z } from 'zod';
import { AnalyticsError } from '../analytics/analytics-error';
import type { KeyRecord } from '../auth/api-keys';
import { envelopeAnswer, envelopeHead } from './envelope';
import { errorResponse } from './errors';
import {
  type Admitted,
  admitKey,
  type KeyLimits,
  keyedHeaders,
  keyedRefusals,
  leftNow,
} from './key-and-limits';
import { keyedIfNoneMatch, strongEtag } from './keyed-headers';
import { parameterReader } from './parameters';
import { type AppEnv, apiJson, requestHeader } from './response';
import type { CachedJson, ResponseCache } from './response-cache';

/** What a keyed route needs of the server (app.ts makes one). */
export interface KeyedRouteDeps extends KeyLimits {
  cache: ResponseCache;
  /** Answers of this many bytes or more are written directly (direct-write.ts). */
  directMinBytes?: number;
  /** The answer to an error thrown while computing (an analytics refusal, a store fault, or a logged 500). */
  failure: (c: Context<AppEnv>, error: unknown, headers: Record<string, string>) => Response;
}

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/**
 * The handler of a keyed data operation (docs/api.md, "The request path"):
 * 1. the key and its limits (key-and-limits.ts);
 * 2. the parameters against the operation's schema (parameters.ts; 400 `invalid_parameter`);
 * 3. the answer, from the response cache while the store is unchanged, else computed by the
 *    analytics (response-cache.ts; a `no_match` is a 404 that spends a call when q matched cards);
 * 4. a matching If-None-Match: 304, spending nothing (a `*` matches nothing here);
 * 5. one call spent, atomically with the quota check, and the envelope (envelope.ts).
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
