import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import { API_KEY_HEADER, API_KEY_QUERY_PARAM } from '../../contract/api-key';
import type { Meta } from '../../contract/resources';
import { AnalyticsError } from '../analytics/analytics-error';
import type { MarketAnalytics } from '../analytics/market-analytics';
import { type KeyRecord, KeyStore } from '../auth/api-keys';
import { quotaMonth, quotaResetAt, TIER_QUOTAS } from '../auth/tiers';
import { UsageMeter, type UsageMeterOptions } from '../auth/usage-meter';
import type { Config } from '../config';
import { errorFields, type Logger, silentLogger } from '../logging/logger';
import type { Db } from '../store/database';
import { apiCors } from './cors';
import {
  ApiError,
  errorResponse,
  INTERNAL_ERROR_HINT,
  missingKey,
  NOT_FOUND_HINT,
  validationHint,
} from './errors';
import { API_CSP, PAGE_CSP, rateLimitHeaders, retryAfterSeconds } from './headers';
import { buildIndexDocument } from './index-document';
import { createOpenApiDocument } from './openapi';
import { ResponseCache, type ResponseCacheOptions } from './response-cache';
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

export interface AppEnv {
  Variables: {
    requestId: string;
    apiKey: KeyRecord;
    /** Calls left after this request, once a data handler has spent one. */
    remaining: number;
  };
}

export interface AppOptions {
  db: Db;
  analytics: MarketAnalytics;
  config: Pick<Config, 'SLAB_DEMO' | 'SLAB_WEB_DIST'>;
  logger?: Logger;
  /** The clock (tests move it across months). */
  now?: () => Date;
  usage?: UsageMeterOptions;
  cache?: ResponseCacheOptions;
}

export interface SlabApp {
  app: OpenAPIHono<AppEnv>;
  keys: KeyStore;
  usage: UsageMeter;
  /** The demo key of demo mode, when the server offers one (docs/api.md, "Demo mode"). */
  demoKey: { key: string; tier: string; created: boolean } | null;
  /** Writes pending usage to the store: call on shutdown. */
  close(): void;
}

export const SERVICE_NAME = 'slab-terminal';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const API_PATH = /^\/v[0-9]+(\/|$)/;

/** The path as logged: cut to 200 characters, with anything key-like masked (a key sent in the path). */
const loggablePath = (path: string) => path.slice(0, 200).replace(/slab_live_[0-9a-z]*/gi, '[key masked]');

/**
 * The whole HTTP surface: API routes declared with the contract's schemas, keys and quota,
 * errors, CORS, security headers, the OpenAPI document and the built dashboard.
 */
export function createApp(options: AppOptions): SlabApp {
  const { db, analytics, config } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  const keys = new KeyStore(db);
  const usage = new UsageMeter(db, {
    onFlushError: (error) => logger.error('usage flush failed; will retry', errorFields(error)),
    ...options.usage,
  });
  const cache = new ResponseCache(db, options.cache);
  const demoKey = config.SLAB_DEMO ? keys.ensureDemoKey() : null;
  const web = createWebStatic(config.SLAB_WEB_DIST);

  const app = new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result, c) => {
      if (!result.success) {
        return errorResponse(c, 'invalid_parameter', validationHint(result.error, c.req.queries()));
      }
    },
  });

  // ---- every response: request id, security headers, one log line ------------------------------
  app.use('*', async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    await next();
    const headers = c.res.headers;
    headers.set('x-request-id', requestId);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    const isPage = headers.get('content-type')?.startsWith('text/html') ?? false;
    headers.set('Content-Security-Policy', isPage ? PAGE_CSP : API_CSP);
    if (isPage) headers.set('X-Frame-Options', 'DENY');
    logger.info('request', {
      request_id: requestId,
      method: c.req.method,
      path: loggablePath(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 100) / 100,
      tier: c.get('apiKey')?.tier,
    });
  });

  // ---- browsers: any origin may call the API with a key; preflight needs none ------------------
  app.use('/v1', apiCors);
  app.use('/v1/*', apiCors);
  app.use('/v3/*', apiCors);

  // ---- 405 for other methods on known paths; 404 on unknown API paths --------------------------
  const knownPaths = new Set<string>([
    pingRoute.path,
    indexDocumentRoute.path,
    '/v1/openapi.json',
    ...(config.SLAB_DEMO ? [demoKeyRoute.path] : []),
    ...KEYED_PATHS,
  ]);
  app.use('*', async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const path = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
    if (knownPaths.has(path)) {
      return errorResponse(c, 'method_not_allowed', `${path} answers GET only.`, { Allow: 'GET' });
    }
    return errorResponse(c, 'not_found', NOT_FOUND_HINT);
  });

  // ---- keys and quota ----------------------------------------------------------------------------
  const requireKey: MiddlewareHandler<AppEnv> = async (c, next) => {
    const sent = c.req.header(API_KEY_HEADER) || c.req.query(API_KEY_QUERY_PARAM);
    const key = sent ? keys.findActive(sent) : null; // the format check comes before any lookup
    if (key === null) return missingKey(c);
    const at = now();
    if (usage.remaining(key, at) === 0) throw quotaExceeded(key, at);
    c.set('apiKey', key);
    await next();
    const remaining = c.get('remaining') ?? usage.remaining(key, at);
    for (const [name, value] of Object.entries(rateLimitHeaders(key.tier, remaining, at))) {
      c.res.headers.set(name, value);
    }
  };
  for (const path of KEYED_PATHS) app.use(path, requireKey);

  /**
   * The answer of a data operation: its `data` (from the response cache while the store is
   * unchanged), then one call spent, atomically with the check, then the envelope.
   */
  const respond = <P, T>(
    c: Context<AppEnv>,
    operation: string,
    params: P,
    compute: (params: P) => T,
  ): TypedResponse<{ meta: Meta; data: T }, 200, 'json'> => {
    const data = cache.json(operation, params, compute);
    const key = c.get('apiKey');
    const at = now();
    const spent = usage.trySpend(key, at);
    if (!spent.ok) throw quotaExceeded(key, at);
    c.set('remaining', spent.remaining);
    const meta: Meta = { tier: key.tier, remaining: spent.remaining, generated: at.toISOString() };
    const response = c.body(`{"meta":${JSON.stringify(meta)},"data":${data}}`, 200, {
      'Content-Type': 'application/json',
    });
    return response as unknown as TypedResponse<{ meta: Meta; data: T }, 200, 'json'>;
  };

  const quotaExceeded = (key: KeyRecord, at: Date) => {
    const reset = quotaResetAt(at).toISOString().slice(0, 10);
    const retryAfter = retryAfterSeconds(at);
    return new ApiError(
      'quota_exceeded',
      `The monthly quota of this ${key.tier} key (${TIER_QUOTAS[key.tier].toLocaleString('en-US')} calls in ${quotaMonth(at)}, UTC) is spent. It resets on ${reset} at 00:00 UTC, in ${retryAfter} seconds (Retry-After); a higher tier has a larger quota.`,
      { 'Retry-After': String(retryAfter), ...rateLimitHeaders(key.tier, 0, at) },
    );
  };

  // ---- keyless ---------------------------------------------------------------------------------
  app.openapi(pingRoute, (c) => c.json({ ok: true, service: SERVICE_NAME, ts: now().toISOString() }, 200));

  app.openapi(indexDocumentRoute, (c) => c.json(buildIndexDocument(new URL(c.req.url).origin, config), 200));

  if (config.SLAB_DEMO) {
    app.openapi(demoKeyRoute, (c) => {
      const demo = keys.activeDemoKey();
      if (demo === null) {
        return c.json(
          { error: 'not_found', hint: 'This server offers no demo key: ask its operator for a key.' },
          404,
        );
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ key: demo.key, tier: demo.tier }, 200);
    });
  }

  // ---- keyed data --------------------------------------------------------------------------------
  app.openapi(categoriesRoute, (c) => respond(c, 'categories', c.req.valid('query'), analytics.categories));
  app.openapi(floorRoute, (c) => respond(c, 'floor', c.req.valid('query'), analytics.floor));
  app.openapi(indexRoute, (c) => respond(c, 'index', c.req.valid('query'), analytics.index));
  app.openapi(soldRoute, (c) => respond(c, 'sold', c.req.valid('query'), analytics.sold));
  app.openapi(moversRoute, (c) => respond(c, 'movers', c.req.valid('query'), analytics.movers));
  app.openapi(valueRoute, (c) => respond(c, 'value', c.req.valid('query'), analytics.value));
  app.openapi(enrichedValueRoute, (c) =>
    respond(c, 'v3-value', c.req.valid('query'), analytics.enrichedValue),
  );

  // ---- the machine-readable description, generated from the routes above -------------------------
  let openApiBase: ReturnType<typeof createOpenApiDocument> | null = null;
  app.get('/v1/openapi.json', (c) => {
    openApiBase ??= createOpenApiDocument(app);
    return c.json({ ...openApiBase, servers: [{ url: new URL(c.req.url).origin }] });
  });

  // ---- the dashboard, with SPA fallback; unknown API paths are 404 not_found -------------------
  app.get('*', async (c, next) => {
    if (API_PATH.test(c.req.path)) return next();
    const file = await web.resolve(c.req.path);
    if (file === null) {
      return errorResponse(
        c,
        'not_found',
        'No such page or file. (If the dashboard itself is missing, build it: npm run build:web.)',
      );
    }
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.contentType,
      'Cache-Control': file.cacheControl,
    });
  });

  app.notFound((c) => errorResponse(c, 'not_found', NOT_FOUND_HINT));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error.code, error.hint, error.headers);
    if (error instanceof AnalyticsError) return errorResponse(c, error.code, error.hint);
    logger.error('internal_error', {
      request_id: c.get('requestId'),
      path: loggablePath(c.req.path),
      ...errorFields(error),
    });
    return errorResponse(c, 'internal_error', INTERNAL_ERROR_HINT);
  });

  return { app, keys, usage, demoKey, close: () => usage.close() };
}
