import { ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono } from 'hono';
import { ENDPOINTS, OPENAPI_PATH } from '../../contract/endpoints';
import type { MarketContext } from '../analytics/market-context';
import { OPERATIONS, type OperationName, type OperationTable } from '../analytics/operations';
import { ComputeBudget, DEFAULT_COMPUTE_LIMITS } from '../auth/compute-budget';
import { KeyCache } from '../auth/key-cache';
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimiterOptions } from '../auth/rate-limiter';
import type { Config } from '../config';
import { errorFields, type Logger, silentLogger } from '../logging/logger';
import type { KeyBook, Quota, QuotaOptions, Store } from '../store/store';
import type { StoreHealth } from '../store/store-health';
import { createDashboardFiles } from './dashboard-files';
import { writeDirect } from './direct-write';
import { accountRoute, type KeyedRouteDeps, keyedRoute } from './keyed-pipeline';
import { requestContext } from './request-context';
import type { AppEnv } from './response';
import { ResponseCache, type ResponseCacheOptions } from './response-cache';
import {
  accuracyHandler,
  demoKeyHandler,
  indexDocumentHandler,
  openApiHandler,
  pingHandler,
} from './service-routes';
import { failureResponder, preflightHandler, unmatchedHandler } from './unmatched';
import { usageAnswer } from './usage-route';

export type { AppEnv } from './response';

export interface AppOptions {
  /** The store (store/store.ts): SQLite or PostgreSQL. */
  store: Store;
  /** What the operations read from (analytics/market-context.ts). */
  market: MarketContext;
  /** The operations (default OPERATIONS; tests replace one to make it fail). */
  operations?: OperationTable;
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
  /** Answers of this many bytes or more leave by the direct write (default DIRECT_MIN_BYTES; tests set 0). */
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

export interface SlabApp {
  /** The server's fetch handler: give it to @hono/node-server's `serve`. */
  fetch(request: Request, env?: AppEnv['Bindings']): Response | Promise<Response>;
  /** One request by path, as a test makes it (`http://localhost` + path). */
  request(path: string, init?: RequestInit): Promise<Response>;
  keys: KeyBook;
  usage: Quota;
  /** Writes pending usage to the store: call on shutdown. */
  close(): Promise<void>;
}

/**
 * The whole HTTP surface, wired (docs/api.md, "The request path"): the request context
 * (request-context.ts), then each operation's route from the registry: a keyed one through
 * keyed-pipeline.ts (admit, parameters, answer, envelope), the keyless ones in
 * service-routes.ts; what no route answers goes to the dashboard (dashboard-files.ts).
 */
export function createApp(options: AppOptions): SlabApp {
  const { store, market, config } = options;
  const operations = options.operations ?? OPERATIONS;
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
  app.use(requestContext({ logger, trustProxy }));

  const failure = failureResponder(health, logger);

  // ---- keyless: liveness, the index document, the demo key (service-routes.ts) ------------------
  const service = { reader: store.reader, config, publicUrl, health, now, keys };

  // ---- keyed data: each operation's path -> its analytics ----------------------------------------
  const keyed: KeyedRouteDeps = {
    activeKeys: new KeyCache(keys),
    changes: store.changes,
    usage,
    rateLimiter: rateLimits === null ? null : new RateLimiter(rateLimits, options.rateLimiter),
    rateLimits,
    computeBudget: computeLimits === null ? null : new ComputeBudget(computeLimits),
    computeLimits,
    cache: new ResponseCache(async () => (await store.reader.state()).dataVersion, options.cache),
    now,
    failure,
    health,
    directMinBytes: options.directMinBytes,
  };
  app.get(ENDPOINTS.ping.path, pingHandler(service));
  app.get(ENDPOINTS.indexDocument.path, indexDocumentHandler(service));
  if (config.SLAB_DEMO) app.get(ENDPOINTS.demoKey.path, demoKeyHandler(service));
  app.get(ENDPOINTS.usage.path, accountRoute(keyed, usageAnswer(usage), ENDPOINTS.usage.params));
  app.get(
    ENDPOINTS.accuracy.path,
    accuracyHandler(service, () => operations.accuracy(market, undefined), failure),
  );
  // Every keyed operation of the table: its parameters checked with the registry's schema, then answered.
  for (const name of Object.keys(operations) as OperationName[]) {
    const endpoint = ENDPOINTS[name];
    if (!endpoint.keyed || endpoint.params === null) continue;
    const operation = operations[name] as (ctx: MarketContext, params: unknown) => Promise<unknown>;
    const answer = (params: unknown) => operation(market, params);
    app.get(endpoint.path, keyedRoute(keyed, endpoint.operationId, endpoint.params, answer));
  }

  app.get(OPENAPI_PATH, openApiHandler(service));
  app.options('*', preflightHandler);
  app.notFound(unmatchedHandler(config.SLAB_DEMO, dashboard));
  app.onError((error, c) => failure(c, error));

  /** A large answer marked by the envelope is written here to the Node response (direct-write.ts). */
  const writeDirectIfMarked = (env: AppEnv['Bindings']) => (response: Response) =>
    env?.outgoing instanceof ServerResponse && writeDirect(response, env.outgoing)
      ? RESPONSE_ALREADY_SENT
      : response;
  const fetch = (request: Request, env?: AppEnv['Bindings']) => {
    const response = app.fetch(request, env);
    return response instanceof Promise
      ? response.then(writeDirectIfMarked(env))
      : writeDirectIfMarked(env)(response);
  };
  return {
    fetch,
    request: async (path, init) => fetch(new Request(`http://localhost${path}`, init)),
    keys,
    usage,
    close: () => usage.close(),
  };
}
