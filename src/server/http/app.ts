import { Hono } from 'hono';
import { ENDPOINTS, OPENAPI_PATH } from '../../contract/endpoints';
import type { MarketContext } from '../analytics/market-context';
import { OPERATIONS, type OperationName, type OperationTable } from '../analytics/operations';
import { KeyCache } from '../auth/key-cache';
import type { RateLimiterOptions } from '../auth/rate-limiter';
import type { Config } from '../config';
import { errorFields, type Logger, silentLogger } from '../logging/logger';
import type { KeyBook, Quota, QuotaOptions, Store } from '../store/store';
import type { StoreHealth } from '../store/store-health';
import { createDashboardFiles } from './dashboard-files';
import { withDirectWrite } from './direct-write';
import { accountRoute, type KeyedRouteDeps, keyedRoute, pipelineLimits } from './keyed-pipeline';
import { requestContext } from './request-context';
import type { AppEnv } from './response';
import { ResponseCache, type ResponseCacheOptions } from './response-cache';
import {
  accuracyHandler,
  demoKeyHandler,
  indexDocumentHandler,
  keylessLimit,
  openApiHandler,
  pingHandler,
} from './service-routes';
import { failureResponder, preflightHandler, unmatchedHandler } from './unmatched';
import { usageAnswer } from './usage-route';

export type { AppEnv } from './response';

export interface AppOptions {
  store: Store;
  /** What the operations read from. */
  market: MarketContext;
  /** The operations (default OPERATIONS; tests replace one to make it fail). */
  operations?: OperationTable;
  /** The server's settings; those left out take the defaults of decisions.md. */
  config: Pick<Config, 'SLAB_DEMO' | 'SLAB_WEB_DIST'> & Partial<Config>;
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
  /** Whether the store can be reached (default: the store's own); a problem is a 503 everywhere. */
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
  const dashboard = createDashboardFiles(config.SLAB_WEB_DIST, {
    sourceMaps: options.webSourceMaps === true,
  });
  const failure = failureResponder(health, logger);
  const service = {
    reader: store.reader,
    config,
    publicUrl: config.SLAB_PUBLIC_URL ?? '',
    health,
    now,
    keys,
    trustProxy: config.SLAB_TRUST_PROXY === true,
  };
  const keyless = keylessLimit(service);
  const keyed: KeyedRouteDeps = {
    activeKeys: new KeyCache(keys),
    changes: store.changes,
    usage,
    ...pipelineLimits(config, options.rateLimiter),
    cache: new ResponseCache(async () => (await store.reader.state()).dataVersion, options.cache),
    now,
    failure,
    health,
    directMinBytes: options.directMinBytes,
  };

  const app = new Hono<AppEnv>({ strict: false });
  app.use(requestContext({ logger, trustProxy: service.trustProxy }));
  app.get(ENDPOINTS.ping.path, keyless(pingHandler(service)));
  app.get(ENDPOINTS.indexDocument.path, keyless(indexDocumentHandler(service)));
  if (config.SLAB_DEMO) app.get(ENDPOINTS.demoKey.path, keyless(demoKeyHandler(service)));
  app.get(ENDPOINTS.usage.path, accountRoute(keyed, usageAnswer(usage), ENDPOINTS.usage.params));
  app.get(
    ENDPOINTS.accuracy.path,
    keyless(accuracyHandler(service, () => operations.accuracy(market, undefined), failure)),
  );
  // Every keyed operation of the table: its parameters checked with the registry's schema, then answered.
  for (const name of Object.keys(operations) as OperationName[]) {
    const endpoint = ENDPOINTS[name];
    if (!endpoint.keyed || endpoint.params === null) continue;
    const operation = operations[name] as (ctx: MarketContext, params: unknown) => Promise<unknown>;
    const answer = (params: unknown) => operation(market, params);
    app.get(endpoint.path, keyedRoute(keyed, endpoint.operationId, endpoint.params, answer));
  }
  app.get(OPENAPI_PATH, keyless(openApiHandler(service)));
  app.options('*', preflightHandler);
  app.notFound(unmatchedHandler(config.SLAB_DEMO, dashboard));
  app.onError((error, c) => failure(c, error));

  const fetch = withDirectWrite(app.fetch);
  return {
    fetch,
    request: async (path, init) => fetch(new Request(`http://localhost${path}`, init)),
    keys,
    usage,
    close: () => usage.close(),
  };
}
