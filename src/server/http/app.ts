import { randomUUID } from 'node:crypto';
import { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getPath } from 'hono/utils/url';
import { API_KEY_HEADER, API_KEY_QUERY_PARAM } from '../../contract/api-key';
import { AnalyticsError } from '../analytics/analytics-error';
import type { MarketAnalytics } from '../analytics/market-analytics';
import { type KeyRecord, KeyStore } from '../auth/api-keys';
import { KeyCache } from '../auth/key-cache';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimiterOptions } from '../auth/rate-limiter';
import { quotaMonth, quotaResetAt, TIER_QUOTAS } from '../auth/tiers';
import { UsageMeter, type UsageMeterOptions } from '../auth/usage-meter';
import type { Config } from '../config';
import { errorFields, type Logger, silentLogger } from '../logging/logger';
import type { Db } from '../store/database';
import type { DataOrigin } from '../store/market-meta';
import { OtherCommits } from '../store/other-commits';
import { preflight } from './cors';
import { errorResponse, INTERNAL_ERROR_HINT, missingKey, NOT_FOUND_HINT, validationHint } from './errors';
import { GZIP_MIN_BYTES, gzipWithHead } from './gzip';
import { ifNoneMatch, KEYED_CACHE_CONTROL, KEYED_VARY, rateLimitHeaders, retryAfterSeconds } from './headers';
import { buildIndexDocument } from './index-document';
import { createOpenApiDocument } from './openapi';
import { QueryMemo, queryKeys, rawQuery } from './query-memo';
import {
  API_PATH,
  type AppEnv,
  apiJson,
  DIRECT_MIN_BYTES,
  directJson,
  FixedJson,
  fixedJson,
  hasServerHeaders,
  type NodeRequest,
  type RequestState,
  requestHeader,
  siteResponse,
  wantsGzip,
  withServerHeaders,
  writeDirect,
} from './respond';
import { type CachedJson, cacheKey, ResponseCache, type ResponseCacheOptions } from './response-cache';
import {
  categoriesRoute,
  demoKeyRoute,
  enrichedValueRoute,
  floorRoute,
  indexDocumentRoute,
  indexRoute,
  KEYED_PATHS,
  moversRoute,
  pingRoute,
  soldRoute,
  valueRoute,
} from './routes';
import { createWebStatic } from './web-static';

export type { AppEnv } from './respond';

export interface AppOptions {
  db: Db;
  analytics: MarketAnalytics;
  /** `SLAB_RATE_LIMITS` may be left out: the default limits of decisions.md. */
  config: Pick<Config, 'SLAB_DEMO' | 'SLAB_WEB_DIST'> &
    Partial<Pick<Config, 'SLAB_RATE_LIMITS' | 'SLAB_PUBLIC_URL'>>;
  logger?: Logger;
  /** Bounds of the per-key rate limiter (its limits come from the config). */
  rateLimiter?: RateLimiterOptions;
  /** The clock (tests move it across months, and along the rate limiter's refill). */
  now?: () => Date;
  usage?: UsageMeterOptions;
  cache?: ResponseCacheOptions;
  /** Answers of at least this many bytes are written to the Node response directly (default DIRECT_MIN_BYTES). */
  directMinBytes?: number;
  /** Serve the dashboard's `.map` files (source maps): off unless set (docs/api.md, "Browsers"). */
  webSourceMaps?: boolean;
}

/** The environment @hono/node-server hands a fetch handler. */
interface NodeBindings {
  incoming?: NodeRequest;
  outgoing?: unknown;
}

export interface SlabApp {
  /** The server's fetch handler: give it to @hono/node-server's `serve`. */
  fetch(request: Request, env?: NodeBindings): Response | Promise<Response>;
  /** One request by path, as a test makes it (`http://localhost` + path). */
  request(path: string, init?: RequestInit): Promise<Response>;
  keys: KeyStore;
  usage: UsageMeter;
  /** The demo key of demo mode, when the server offers one (docs/api.md, "Demo mode"). */
  demoKey: { key: string; tier: string; created: boolean } | null;
  /** Writes pending usage to the store: call on shutdown. */
  close(): void;
}

export const SERVICE_NAME = 'slab-terminal';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** The methods every known path answers: GET, HEAD (GET without the body), OPTIONS (CORS). */
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/**
 * Anything key-like in a path: the prefix and what follows it, or 48 hexadecimal characters in a
 * row (a key pasted without its prefix). Case-insensitive, since a path can be typed in any case.
 */
const KEY_IN_PATH = /slab_live_[0-9a-z]*|[0-9a-f]{48,}/gi;

/**
 * The path as logged (decoded, as Hono reads it): anything key-like masked (a key sent in the
 * path), then cut to 200 characters, so that a cut never leaves part of a key unmasked.
 */
const loggablePath = (path: string) => path.replace(KEY_IN_PATH, '[key masked]').slice(0, 200);

/**
 * The whole HTTP surface: API routes declared with the contract's schemas, keys and quota,
 * errors, CORS, security headers, the OpenAPI document and the built dashboard.
 *
 * Shape, for throughput (docs/bench/http.md): the router has no middleware, so each route's one
 * handler runs synchronously and @hono/node-server writes its answer without a promise in
 * between. What a middleware would do for every request (request id, the security headers, the
 * log line) is done by `fetch` around the router; the handlers build their answers with every
 * header in one object (respond.ts).
 */
export function createApp(options: AppOptions): SlabApp {
  const { db, analytics, config } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const keys = new KeyStore(db);
  const activeKeys = new KeyCache(keys);
  const otherCommits = new OtherCommits(db);
  const usage = new UsageMeter(db, {
    onFlushError: (error) => logger.error('usage flush failed; will retry', errorFields(error)),
    ...options.usage,
  });
  const cache = new ResponseCache(db, options.cache);
  const directMinBytes = options.directMinBytes ?? DIRECT_MIN_BYTES;
  const rateLimits = config.SLAB_RATE_LIMITS === undefined ? DEFAULT_RATE_LIMITS : config.SLAB_RATE_LIMITS;
  const rateLimiter = rateLimits === null ? null : new RateLimiter(rateLimits, options.rateLimiter);
  const demoKey = config.SLAB_DEMO ? keys.ensureDemoKey() : null;
  const web = createWebStatic(config.SLAB_WEB_DIST, { sourceMaps: options.webSourceMaps === true });

  const app = new OpenAPIHono<AppEnv>({ strict: false });

  /**
   * A GET route: declared with its schemas for the OpenAPI document, answered by one synchronous
   * handler. (`app.openapi` would put zod-openapi's validator in front of the handler as an async
   * middleware; the keyed routes check their query with the route's own schema instead.)
   */
  const declare = (route: RouteConfig, handler: (c: Context<AppEnv>) => Response) => {
    app.openAPIRegistry.registerPath(route);
    app.get(route.path, handler);
  };

  // ---- keyless -----------------------------------------------------------------------------------
  declare(pingRoute, (c) =>
    apiJson(c.env, 200, JSON.stringify({ ok: true, service: SERVICE_NAME, ts: now().toISOString() })),
  );

  // Its links are on the configured public address, else relative: never the request's Host
  // (docs/api.md, "Public address"). Built once for each place the market data comes from (demo,
  // ingest, both, none), which is read each call.
  const publicUrl = config.SLAB_PUBLIC_URL ?? '';
  const dataOrigin = db.prepare<[], string>("SELECT value FROM market_meta WHERE key = 'origin'").pluck();
  const indexDocuments = new Map<string, FixedJson>();
  const indexDocument = (data: string) => {
    let document = indexDocuments.get(data);
    if (document === undefined) {
      const built = buildIndexDocument(publicUrl, config, (data || null) as DataOrigin | null);
      document = new FixedJson(JSON.stringify(built));
      indexDocuments.set(data, document);
    }
    return document;
  };
  declare(indexDocumentRoute, (c) => fixedJson(c.env, c.req.raw, indexDocument(dataOrigin.get() ?? '')));

  if (config.SLAB_DEMO) {
    declare(demoKeyRoute, (c) => {
      const demo = keys.activeDemoKey();
      if (demo === null) {
        return errorResponse(c, 'not_found', 'This server offers no demo key: ask its operator for a key.');
      }
      return apiJson(c.env, 200, JSON.stringify({ key: demo.key, tier: demo.tier }), {
        'cache-control': 'no-store',
      });
    });
  }

  // ---- keyed data --------------------------------------------------------------------------------
  const quotaExceeded = (c: Context<AppEnv>, key: KeyRecord, at: Date) => {
    const reset = quotaResetAt(at).toISOString().slice(0, 10);
    const retryAfter = retryAfterSeconds(at);
    return errorResponse(
      c,
      'quota_exceeded',
      `The monthly quota of this ${key.tier} key (${TIER_QUOTAS[key.tier].toLocaleString('en-US')} calls in ${quotaMonth(at)}, UTC) is spent. It resets on ${reset} at 00:00 UTC, in ${retryAfter} seconds (Retry-After); a higher tier has a larger quota.`,
      { 'retry-after': String(retryAfter), ...keyedHeaders(key, 0, at) },
    );
  };

  /**
   * An empty rate-limit bucket (docs/api.md, "Rate limit"): 429 `rate_limited`, with Retry-After
   * in whole seconds; it spends nothing.
   */
  const rateLimited = (c: Context<AppEnv>, key: KeyRecord, at: Date, waitMs: number) => {
    const limit = (rateLimits ?? DEFAULT_RATE_LIMITS)[key.tier];
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    const headers = limitsNow(key, at);
    headers['retry-after'] = String(seconds);
    return errorResponse(
      c,
      'rate_limited',
      `Too many requests for this ${key.tier} key: it may make ${limit.perSecond.toLocaleString('en-US')} a second, in bursts of up to ${limit.burst.toLocaleString('en-US')}. Retry in ${seconds} second${seconds === 1 ? '' : 's'} (Retry-After); this spent none of the monthly quota. A higher tier has a higher limit.`,
      headers,
    );
  };

  /**
   * The headers of every answer to an accepted key: its rate-limit headers, and the caching rules
   * of a per-key answer (docs/api.md, "HTTP caching").
   */
  const keyedHeaders = (key: KeyRecord, remaining: number, at: Date) => {
    const headers = rateLimitHeaders(key.tier, remaining, at);
    headers['cache-control'] = KEYED_CACHE_CONTROL;
    headers.vary = KEYED_VARY;
    return headers;
  };

  const limitsNow = (key: KeyRecord, at: Date) => keyedHeaders(key, usage.remaining(key, at), at);

  /** A key parameter sent more than once: a 400 like any repeated parameter; it spends nothing. */
  const repeatedKey = (c: Context<AppEnv>, times: number, headers?: Record<string, string>) =>
    errorResponse(
      c,
      'invalid_parameter',
      `${API_KEY_QUERY_PARAM} was sent ${times} times: send it once (or in the ${API_KEY_HEADER} header).`,
      headers,
    );

  /**
   * A data operation. The route is declared (OpenAPI) with its query schema, and the handler checks
   * in this order: the key (401), the key's rate limit (429 `rate_limited`; every request of an
   * accepted key takes a token), the quota (429), the parameters against that same schema (400;
   * a query text already accepted once is taken from the route's memo, query-memo.ts),
   * then the answer, from the response cache while the store is unchanged (404 `no_match` spends
   * nothing), a matching If-None-Match (304, spends nothing), then one call is spent, atomically with the check, and the envelope is written. A HEAD
   * goes the same way and gets the same status and headers, but spends nothing.
   */
  const keyedRoute = <S extends z.ZodType, T>(
    route: RouteConfig & { request: { query: S } },
    operation: string,
    compute: (params: z.output<S>) => T,
  ) => {
    const schema = route.request.query;
    const memo = new QueryMemo<z.output<S>>();
    declare(route, (c) => {
      const state = c.env;
      const header = requestHeader(state, c.req.raw, API_KEY_HEADER);
      // The key parameter, decoded as the route's parameters are (query-memo.ts): `?k%65y=` is `key`.
      const inQuery = queryKeys(c.req.url);
      // Which of two keys in the query would it be? Without a header that wins, none: a 400.
      if (inQuery !== undefined && inQuery.length > 1 && !header) return repeatedKey(c, inQuery.length);
      const sent = header || inQuery?.[0];
      const commits = otherCommits.read();
      const key = sent ? activeKeys.find(sent, commits) : null;
      if (key === null) return missingKey(c, sent);
      state.tier = key.tier;
      const at = now();
      // Every request of an accepted key takes a token, whatever it is answered (docs/api.md, "Rate limit").
      const wait = rateLimiter === null ? 0 : rateLimiter.take(key.id, key.tier, at.getTime());
      if (wait > 0) return rateLimited(c, key, at, wait);
      if (usage.remaining(key, at) === 0) return quotaExceeded(c, key, at);
      // Every answer to an accepted key carries its rate-limit headers, errors too.
      if (inQuery !== undefined && inQuery.length > 1)
        return repeatedKey(c, inQuery.length, limitsNow(key, at));
      const query = rawQuery(state.incoming?.url ?? c.req.url);
      let validated = memo.get(query);
      if (validated === undefined) {
        const queries = c.req.queries();
        const parsed = schema.safeParse(queryObject(queries));
        if (!parsed.success) {
          const hint = validationHint(parsed.error, queries);
          return errorResponse(c, 'invalid_parameter', hint, limitsNow(key, at));
        }
        validated = { params: parsed.data, cacheKey: cacheKey(operation, parsed.data) };
        memo.remember(query, validated);
      }
      const { params } = validated;
      let data: CachedJson;
      try {
        data = cache.jsonFor(validated.cacheKey, () => compute(params), commits);
      } catch (error) {
        return failure(c, error, limitsNow(key, at));
      }
      // A conditional request for the answer the client already holds: 304, spending nothing.
      const condition = requestHeader(state, c.req.raw, 'if-none-match');
      if (condition !== undefined && ifNoneMatch(condition, data.etag)) {
        const headers = limitsNow(key, at);
        headers.etag = data.etag;
        return apiJson(state, 304, null, headers);
      }
      let remaining: number;
      if (c.req.method === 'HEAD') {
        // What a GET would answer now (its status, its `remaining` in the headers and the length of
        // its body), spending nothing: Hono sends it without the body.
        remaining = usage.remaining(key, at) - 1;
        if (remaining < 0) return quotaExceeded(c, key, at);
      } else {
        const spent = usage.trySpend(key, at);
        if (!spent.ok) return quotaExceeded(c, key, at);
        remaining = spent.remaining;
      }
      const meta = `{"tier":"${key.tier}","remaining":${remaining},"generated":"${at.toISOString()}"}`;
      // The envelope; its length is known without measuring it: the meta is ASCII (a tier of TIERS,
      // numbers, an ISO date) and the cache knows the UTF-8 length of the data.
      const head = `{"meta":${meta},"data":`;
      const headers = keyedHeaders(key, remaining, at);
      headers.etag = data.etag;
      const bytes = head.length + data.bytes + 1;
      if (bytes >= GZIP_MIN_BYTES && wantsGzip(state, c.req.raw)) {
        // The cached data deflated once, behind this call's meta (gzip.ts).
        const body = gzipWithHead(head, cache.gzipped(data));
        headers['content-encoding'] = 'gzip';
        headers['content-length'] = String(body.length);
        return apiJson(state, 200, body as Uint8Array<ArrayBuffer>, headers);
      }
      headers['content-length'] = String(bytes);
      const text = `${head}${data.json}}`;
      if (state.outgoing === undefined || bytes < directMinBytes) return apiJson(state, 200, text, headers);
      return directJson(state, head, cache.encoded(data), text, headers);
    });
  };

  keyedRoute(categoriesRoute, 'categories', analytics.categories);
  keyedRoute(floorRoute, 'floor', analytics.floor);
  keyedRoute(indexRoute, 'index', analytics.index);
  keyedRoute(soldRoute, 'sold', analytics.sold);
  keyedRoute(moversRoute, 'movers', analytics.movers);
  keyedRoute(valueRoute, 'value', analytics.value);
  keyedRoute(enrichedValueRoute, 'v3-value', analytics.enrichedValue);

  // ---- the machine-readable description, generated from the routes above -------------------------
  // Built once, at the first request (every route is declared by then); `servers` is the public
  // address, else `/` (this server, whatever the address it was reached at).
  let openApiDocument: FixedJson | null = null;
  app.get('/v1/openapi.json', (c) => {
    openApiDocument ??= new FixedJson(
      JSON.stringify({ ...createOpenApiDocument(app), servers: [{ url: publicUrl || '/' }] }),
    );
    return fixedJson(c.env, c.req.raw, openApiDocument);
  });

  // ---- browsers: a preflight on the API needs no key and spends nothing -------------------------
  app.options('*', (c) =>
    API_PATH.test(c.req.path) ? preflight(c.env) : errorResponse(c, 'not_found', NOT_FOUND_HINT),
  );

  // ---- everything no route answers: 405 on known paths, the dashboard, 404 -----------------------
  const knownPaths = new Set<string>([
    pingRoute.path,
    indexDocumentRoute.path,
    '/v1/openapi.json',
    ...(config.SLAB_DEMO ? [demoKeyRoute.path] : []),
    ...KEYED_PATHS,
  ]);
  app.notFound(async (c) => {
    const method = c.req.method;
    const path = c.req.path;
    if (method !== 'GET' && method !== 'HEAD') {
      const known = path.length > 1 ? path.replace(/\/+$/, '') : path;
      if (knownPaths.has(known)) {
        return errorResponse(c, 'method_not_allowed', `${known} answers GET, HEAD and OPTIONS only.`, {
          allow: ALLOWED_METHODS,
        });
      }
      return errorResponse(c, 'not_found', NOT_FOUND_HINT);
    }
    if (API_PATH.test(path)) return errorResponse(c, 'not_found', NOT_FOUND_HINT);
    // The path as sent, still percent-encoded (Hono's `path` is decoded once already).
    const file = await web.resolve(encodedPath(c.req.url), wantsGzip(c.env, c.req.raw));
    if (file === 'bad_path') {
      return errorResponse(
        c,
        'invalid_parameter',
        'The path is not valid percent-encoded UTF-8, or holds a control character: encode it as UTF-8 (RFC 3986).',
      );
    }
    if (file === null) {
      return errorResponse(
        c,
        'not_found',
        'No such page or file. (If the dashboard itself is missing, build it: npm run build:web.)',
      );
    }
    const headers: Record<string, string> = { 'cache-control': file.cacheControl };
    if (file.compressible) headers.vary = 'accept-encoding';
    if (file.encoding !== null) headers['content-encoding'] = file.encoding;
    return siteResponse(c.env, 200, file.body as Uint8Array<ArrayBuffer>, file.contentType, headers);
  });

  /** The answer to a thrown error: its own code for an analytics refusal, else a logged 500 that shows nothing of it. */
  const failure = (c: Context<AppEnv>, error: unknown, headers?: Record<string, string>) => {
    if (error instanceof AnalyticsError) return errorResponse(c, error.code, error.hint, headers);
    logger.error('internal_error', {
      request_id: c.env.requestId,
      path: loggablePath(c.req.path),
      ...errorFields(error),
    });
    return errorResponse(c, 'internal_error', INTERNAL_ERROR_HINT, headers);
  };
  app.onError((error, c) => failure(c, error));

  // ---- around the router: the request id, the server's headers, one log line ---------------------
  const finish = (response: Response, request: Request, state: RequestState, started: number) => {
    const path = getPath(request);
    if (!hasServerHeaders(response)) withServerHeaders(response, state, API_PATH.test(path));
    logger.info('request', {
      request_id: state.requestId,
      method: request.method,
      path: loggablePath(path),
      status: response.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      tier: state.tier,
    });
    return response;
  };

  const fetch = (request: Request, env?: NodeBindings): Response | Promise<Response> => {
    const started = performance.now();
    const incoming = env?.incoming;
    const sentId =
      incoming === undefined ? request.headers.get('x-request-id') : incoming.headers['x-request-id'];
    const outgoing = env?.outgoing instanceof ServerResponse ? env.outgoing : undefined;
    const state: RequestState = {
      requestId: typeof sentId === 'string' && REQUEST_ID.test(sentId) ? sentId : randomUUID(),
      incoming,
      outgoing,
    };
    const response = app.fetch(request, state);
    if (response instanceof Promise)
      return response.then((answer) => finish(answer, request, state, started));
    finish(response, request, state, started);
    // A large keyed answer is written here, to the Node response (respond.ts, `directJson`).
    return outgoing !== undefined && writeDirect(response, outgoing) ? RESPONSE_ALREADY_SENT : response;
  };

  return {
    fetch,
    request: async (path, init) => fetch(new Request(`http://localhost${path}`, init)),
    keys,
    usage,
    demoKey,
    close: () => usage.close(),
  };
}

/** The path of a request URL as sent, without decoding (the URL is already normalized by the parser). */
const encodedPath = (url: string): string => {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  if (start === -1) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end === -1 ? url.slice(start) : url.slice(start, start + end);
};

/** The query as the route schemas take it: one value per parameter, an array for a repeated one. */
const queryObject = (queries: Record<string, string[]>): Record<string, string | string[]> => {
  const value: Record<string, string | string[]> = {};
  for (const name in queries) {
    const values = queries[name] as string[];
    value[name] = values.length === 1 ? (values[0] as string) : values;
  }
  return value;
};
