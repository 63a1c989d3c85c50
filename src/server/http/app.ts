import { randomUUID } from 'node:crypto';
import { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { type Context, Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import type { z } from 'zod';
import { API_PATHS, ENDPOINTS, type Endpoint, OPENAPI_PATH } from '../../contract/endpoints';
import { AnalyticsError } from '../analytics/analytics-error';
import type { MarketAnalytics } from '../analytics/market-analytics';
import { ComputeBudget, DEFAULT_COMPUTE_LIMITS } from '../auth/compute-budget';
import { KeyCache } from '../auth/key-cache';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimiterOptions } from '../auth/rate-limiter';
import type { Config } from '../config';
import { errorFields, type Logger, silentLogger } from '../logging/logger';
import type { KeyBook, Quota, QuotaOptions, Store } from '../store/store';
import { STORE_UNAVAILABLE_HINT, type StoreHealth } from '../store/store-health';
import { preflight } from './cors';
import { createDashboardFiles } from './dashboard-files';
import { writeDirect } from './direct-write';
import { errorResponse, INTERNAL_ERROR_HINT, NOT_FOUND_HINT, unavailable } from './errors';
import { accountHandler, type KeyedDeps, keyedHandler } from './keyed-pipeline';
import { openApiDocument } from './openapi';
import { loggablePath, logRequest, looksLikeKey } from './request-log';
import {
  API_PATH,
  type AppEnv,
  FixedJson,
  fixedJson,
  hasServerHeaders,
  type NodeRequest,
  type RequestState,
  withServerHeaders,
} from './respond';
import { ResponseCache, type ResponseCacheOptions } from './response-cache';
import {
  accuracyHandler,
  DEMO_KEY_METHODS,
  demoKeyHandler,
  indexDocumentHandler,
  pingHandler,
} from './service-routes';
import { usageAnswer } from './usage-route';

export type { AppEnv } from './respond';

export interface AppOptions {
  /** The store (store/store.ts): SQLite or PostgreSQL. */
  store: Store;
  analytics: MarketAnalytics;
  /** `SLAB_RATE_LIMITS` and `SLAB_DEMO_KEYS_PER_HOUR` may be left out: the defaults of decisions.md. */
  config: Pick<Config, 'SLAB_DEMO' | 'SLAB_WEB_DIST'> &
    Partial<
      Pick<
        Config,
        | 'SLAB_RATE_LIMITS'
        | 'SLAB_PUBLIC_URL'
        | 'SLAB_DEMO_KEYS_PER_HOUR'
        | 'SLAB_DEMO_KEYS_SERVER_PER_HOUR'
        | 'SLAB_TRUST_PROXY'
        | 'SLAB_COMPUTE_LIMITS'
        | 'SLAB_TIER_PRICES'
      >
    >;
  logger?: Logger;
  /** Bounds of the per-key rate limiter (its limits come from the config). */
  rateLimiter?: RateLimiterOptions;
  /** The clock (tests move it across months, and along the rate limiter's refill). */
  now?: () => Date;
  usage?: QuotaOptions;
  cache?: ResponseCacheOptions;
  /** Answers of at least this many bytes are written to the Node response directly (direct-write.ts). */
  directMinBytes?: number;
  /** Serve the dashboard's `.map` files (source maps): off unless set (docs/api.md, "Browsers"). */
  webSourceMaps?: boolean;
  /**
   * Whether the store can be reached (store/store-health.ts, each store's own): while it reports a problem every
   * endpoint, /v1/ping included, answers 503 `unavailable` (docs/operations.md, "Store faults").
   * Default: the store's own.
   */
  storeHealth?: StoreHealth;
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
  keys: KeyBook;
  usage: Quota;
  /** Writes pending usage to the store: call on shutdown. */
  close(): Promise<void>;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** The methods every known path answers: GET, HEAD (GET without the body), OPTIONS (CORS). */
const ALLOWED_METHODS = 'GET, HEAD, OPTIONS';

/**
 * The whole HTTP surface, wired: each operation's route (declared with the contract's schemas, so
 * the OpenAPI document is generated from them) and what answers it. The parts live in their own
 * modules:
 * - keyed-pipeline.ts: key, rate limit, quota, parameters, cache, 304, spend; envelope.ts writes
 *   the answer; response-cache.ts keeps answers per data version;
 * - security-headers.ts: the headers every answer carries; respond.ts: building responses;
 * - dashboard-files.ts: the built dashboard; direct-write.ts: large answers straight to the socket.
 *
 * Shape, for throughput (docs/bench/http.md): the API router has no middleware, so each route's one
 * handler runs synchronously and @hono/node-server writes its answer without a promise in between.
 * What a middleware would do for every request (request id, the security headers, the log line)
 * is done by `fetch` around the router.
 */
export function createApp(options: AppOptions): SlabApp {
  const { store, analytics, config } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const health: StoreHealth = options.storeHealth ?? store.health;
  const keys = store.keys;
  const usage = store.openQuota({
    onFlushError: (error) => {
      health.isStoreFault(error); // damage found while writing is remembered by the health check
      logger.error('usage flush failed; will retry', errorFields(error));
    },
    canWrite: () => health.checkNow() === null,
    ...options.usage,
  });
  const rateLimits = config.SLAB_RATE_LIMITS === undefined ? DEFAULT_RATE_LIMITS : config.SLAB_RATE_LIMITS;
  // The compute budget goes with the request limits: off when they are off.
  const computeLimits =
    rateLimits === null
      ? null
      : config.SLAB_COMPUTE_LIMITS === undefined
        ? DEFAULT_COMPUTE_LIMITS
        : config.SLAB_COMPUTE_LIMITS;
  const publicUrl = config.SLAB_PUBLIC_URL ?? '';
  const trustProxy = config.SLAB_TRUST_PROXY === true;
  const dashboard = createDashboardFiles(config.SLAB_WEB_DIST, {
    sourceMaps: options.webSourceMaps === true,
  });

  const app = new Hono<AppEnv>({ strict: false });
  type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

  /**
   * The answer to a thrown error: its own code for an analytics refusal, 503 for a store fault, else
   * a logged 500 that shows nothing of it.
   */
  const failure = (c: Context<AppEnv>, error: unknown, headers?: Record<string, string>) => {
    if (error instanceof AnalyticsError) return errorResponse(c, error.code, error.hint, headers);
    if (health.isStoreFault(error))
      return unavailable(c, health.problem() ?? STORE_UNAVAILABLE_HINT, 5, headers);
    logger.error('internal_error', {
      request_id: c.env.requestId,
      path: loggablePath(c.req.path),
      ...errorFields(error),
    });
    return errorResponse(c, 'internal_error', INTERNAL_ERROR_HINT, headers);
  };

  // ---- keyless: liveness, the index document, the demo key (service-routes.ts) ------------------
  const service = { reader: store.reader, config, publicUrl, health, now, keys };

  // ---- keyed data: each operation's path -> its analytics ----------------------------------------
  const keyed: KeyedDeps = {
    activeKeys: new KeyCache(keys),
    changes: store.changes,
    usage,
    rateLimiter: rateLimits === null ? null : new RateLimiter(rateLimits, options.rateLimiter),
    rateLimits,
    computeBudget: computeLimits === null ? null : new ComputeBudget(computeLimits),
    computeLimits,
    cache: new ResponseCache(async () => (await store.reader.state()).dataVersion, options.cache),
    now,
    directMinBytes: options.directMinBytes,
    failure,
    health,
  };
  /** A keyed operation: its parameters are checked with the registry's schema, then `compute` answers. */
  const keyedAnswer = <P extends z.ZodObject>(
    endpoint: Endpoint<P>,
    compute: (params: z.output<P>) => Promise<unknown>,
  ): Handler => keyedHandler(keyed, endpoint.operationId, endpoint.params, compute);

  /**
   * Every operation of the registry (src/contract/endpoints.ts) and its handler (null: not served
   * in this mode): a registry entry without one here does not type-check.
   */
  const handlers: { [Name in keyof typeof ENDPOINTS]: Handler | null } = {
    ping: pingHandler(service),
    indexDocument: indexDocumentHandler(service),
    demoKey: config.SLAB_DEMO ? demoKeyHandler(service) : null,
    accuracy: accuracyHandler(service, analytics, (c, error) => failure(c, error)),
    categories: keyedAnswer(ENDPOINTS.categories, analytics.categories),
    floor: keyedAnswer(ENDPOINTS.floor, analytics.floor),
    index: keyedAnswer(ENDPOINTS.index, analytics.index),
    sold: keyedAnswer(ENDPOINTS.sold, analytics.sold),
    movers: keyedAnswer(ENDPOINTS.movers, analytics.movers),
    value: keyedAnswer(ENDPOINTS.value, analytics.value),
    enrichedValue: keyedAnswer(ENDPOINTS.enrichedValue, analytics.enrichedValue),
    usage: accountHandler(keyed, usageAnswer(usage)),
    cards: keyedAnswer(ENDPOINTS.cards, analytics.cards),
    history: keyedAnswer(ENDPOINTS.history, analytics.history),
    salesIndex: keyedAnswer(ENDPOINTS.salesIndex, analytics.salesIndex),
  };
  for (const name of Object.keys(handlers) as (keyof typeof ENDPOINTS)[]) {
    const handler = handlers[name];
    if (handler !== null) app.get(ENDPOINTS[name].path, handler);
  }

  // ---- the machine-readable description, generated from the same registry -----------------------
  // Built at the first request for it, not at start (about 15 ms of zod's JSON Schema generation).
  let description: FixedJson | null = null;
  app.get(OPENAPI_PATH, (c) => {
    const problem = health.problem();
    if (problem !== null) return unavailable(c, problem, 60);
    description ??= new FixedJson(
      JSON.stringify(openApiDocument({ servers: [{ url: publicUrl || '/' }], demoKey: config.SLAB_DEMO })),
    );
    return fixedJson(c, description);
  });

  // ---- browsers: a preflight on the API needs no key and spends nothing -------------------------
  app.options('*', (c) =>
    API_PATH.test(c.req.path) ? preflight(c.env) : errorResponse(c, 'not_found', NOT_FOUND_HINT),
  );

  // ---- everything no route answers: 405 on known paths, 404 on the API, else the dashboard -------
  const knownPaths = new Set(API_PATHS.filter((path) => config.SLAB_DEMO || path !== ENDPOINTS.demoKey.path));
  app.notFound((c) => {
    const method = c.req.method;
    const path = c.req.path;
    if (method !== 'GET' && method !== 'HEAD') {
      const known = path.length > 1 ? path.replace(/\/+$/, '') : path;
      if (!knownPaths.has(known)) return errorResponse(c, 'not_found', NOT_FOUND_HINT);
      if (known === ENDPOINTS.demoKey.path) {
        return errorResponse(c, 'method_not_allowed', `${known} answers GET and OPTIONS only.`, {
          allow: DEMO_KEY_METHODS,
        });
      }
      return errorResponse(c, 'method_not_allowed', `${known} answers GET, HEAD and OPTIONS only.`, {
        allow: ALLOWED_METHODS,
      });
    }
    if (API_PATH.test(path)) return errorResponse(c, 'not_found', NOT_FOUND_HINT);
    return dashboard.fetch(c.req.raw, c.env);
  });
  app.onError((error, c) => failure(c, error));

  // ---- around the router: the request id, the server's headers, one log line ---------------------
  const finish = (response: Response, request: Request, state: RequestState, started: number) => {
    const path = getPath(request);
    if (!hasServerHeaders(response)) withServerHeaders(response, state, API_PATH.test(path));
    logRequest(logger, request.method, path, response.status, state, started);
    return response;
  };

  const fetch = (request: Request, env?: NodeBindings): Response | Promise<Response> => {
    const started = performance.now();
    const incoming = env?.incoming;
    const sentId =
      incoming === undefined ? request.headers.get('x-request-id') : incoming.headers['x-request-id'];
    const outgoing = env?.outgoing instanceof ServerResponse ? env.outgoing : undefined;
    const state: RequestState = {
      https: trustProxy && forwardedHttps(incoming, request),
      // A sent id that holds a key (a client that put its key there) is replaced: never echoed nor logged.
      requestId:
        typeof sentId === 'string' && REQUEST_ID.test(sentId) && !looksLikeKey(sentId)
          ? sentId
          : randomUUID(),
      incoming,
      outgoing,
    };
    const done = (response: Response): Response => {
      finish(response, request, state, started);
      // A large keyed answer is written here, to the Node response (direct-write.ts).
      return outgoing !== undefined && writeDirect(response, outgoing) ? RESPONSE_ALREADY_SENT : response;
    };
    const response = app.fetch(request, state);
    return response instanceof Promise ? response.then(done) : done(response);
  };

  return {
    fetch,
    request: async (path, init) => fetch(new Request(`http://localhost${path}`, init)),
    keys,
    usage,
    close: () => usage.close(),
  };
}

/**
 * Whether the proxy in front said the request came over https: the last `X-Forwarded-Proto` value,
 * the one the nearest proxy set (only read when that proxy is trusted, SLAB_TRUST_PROXY).
 */
function forwardedHttps(incoming: NodeRequest | undefined, request: Request): boolean {
  const sent =
    incoming === undefined ? request.headers.get('x-forwarded-proto') : incoming.headers['x-forwarded-proto'];
  if (typeof sent !== 'string') return false;
  const last = sent.slice(sent.lastIndexOf(',') + 1);
  return last.trim().toLowerCase() === 'https';
}
