import { isIP } from 'node:net';
import type { Context } from 'hono';
import { clientBucket } from '../auth/client-address';
import { DemoKeys, type MintScope } from '../auth/demo-keys';
import { DEFAULT_KEYLESS_LIMIT, RateLimiter, sameForEveryTier, type TierRate } from '../auth/rate-limiter';
import type { Config } from '../config';
import type { MarketReader } from '../store/market-reader';
import type { KeyBook } from '../store/store';
import type { StoreHealth } from '../store/store-health';
import { errorResponse, unavailable } from './errors';
import { buildIndexDocument } from './index-document';
import { openApiDocument } from './openapi';
import { type AppEnv, apiJson, FixedJson, fixedJson, requestHeader } from './response';

/** The keyless operations: liveness, the index document, the demo key (docs/api.md). */
export interface ServiceDeps {
  reader: MarketReader;
  config: Pick<Config, 'SLAB_DEMO'> &
    Partial<
      Pick<
        Config,
        | 'SLAB_DEMO_KEYS_PER_HOUR'
        | 'SLAB_DEMO_KEYS_PER_DAY'
        | 'SLAB_DEMO_KEYS_NETWORK_PER_HOUR'
        | 'SLAB_DEMO_KEYS_SERVER_PER_HOUR'
        | 'SLAB_KEYLESS_LIMIT'
        | 'SLAB_RATE_LIMITS'
      >
    >;
  /** The public address, or '' for relative links. */
  publicUrl: string;
  health: StoreHealth;
  now: () => Date;
  keys: KeyBook;
  /** SLAB_TRUST_PROXY: the client address is the last one of X-Forwarded-For (see `clientAddress`). */
  trustProxy: boolean;
}

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

export const SERVICE_NAME = 'slab-terminal';

/**
 * The address a request came from: the connection's, or behind a trusted proxy (SLAB_TRUST_PROXY)
 * the last address of X-Forwarded-For, the one that proxy added (any earlier one the client could
 * have written itself). `local` for a request made in process (tests).
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = requestHeader(c, 'x-forwarded-for');
    const last = forwarded?.slice(forwarded.lastIndexOf(',') + 1).trim();
    if (last !== undefined && isIP(last) !== 0) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * The limit of the keyless operations (decisions.md, "Keyless operations"): a token bucket per client
 * address (IPv6 by its /64) shared by all of them, so that no anonymous flood reaches what keyed
 * calls need; past it `429 rate_limited` with Retry-After. Wraps each keyless handler. Off with
 * SLAB_KEYLESS_LIMIT=off, and with the request limits (SLAB_RATE_LIMITS=off), like the compute budget.
 */
export function keylessLimit({
  config,
  now,
  trustProxy,
}: Pick<ServiceDeps, 'config' | 'now' | 'trustProxy'>): (handler: Handler) => Handler {
  const limit: TierRate | null =
    config.SLAB_RATE_LIMITS === null
      ? null
      : config.SLAB_KEYLESS_LIMIT === undefined
        ? DEFAULT_KEYLESS_LIMIT
        : config.SLAB_KEYLESS_LIMIT;
  if (limit === null) return (handler) => handler;
  const buckets = new RateLimiter(sameForEveryTier(limit));
  return (handler) => (c) => {
    const wait = buckets.take(clientBucket(clientAddress(c, trustProxy)), 'free', now().getTime());
    if (wait === 0) return handler(c);
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    return errorResponse(
      c,
      'rate_limited',
      `Too many requests from this address to the operations that take no key (/v1/ping, /v1, /v1/openapi.json, /v1/accuracy, /v1/demo-key): ${limit.perSecond.toLocaleString('en-US')} a second in bursts of ${limit.burst.toLocaleString('en-US')}, all of them together. Retry in ${seconds} second${seconds === 1 ? '' : 's'} (Retry-After).`,
      { 'retry-after': String(seconds), 'cache-control': 'no-store' },
    );
  };
}

/**
 * Liveness, and whether the store can be reached: a load balancer takes a 503 out of rotation. The
 * answer is made once a second (`ts` to the second), with its ETag.
 */
export function pingHandler({ health, now }: ServiceDeps): Handler {
  let second = Number.NaN;
  let answer: FixedJson | null = null;
  return (c) => {
    const ms = now().getTime();
    const problem = health.problem();
    if (problem !== null) {
      const body = {
        ok: false,
        service: SERVICE_NAME,
        ts: new Date(ms).toISOString(),
        error: 'unavailable',
        hint: problem,
      };
      return apiJson(c.get('request'), 503, JSON.stringify(body), { 'retry-after': '60' });
    }
    if (answer === null || Math.floor(ms / 1000) !== second) {
      second = Math.floor(ms / 1000);
      answer = new FixedJson(
        JSON.stringify({ ok: true, service: SERVICE_NAME, ts: new Date(second * 1000).toISOString() }),
      );
    }
    return fixedJson(c, answer);
  };
}

/**
 * GET /v1. Links on the configured public address, else relative: never the request's Host
 * (docs/api.md, "Public address"). One document per place the market data comes from (demo,
 * ingest, both, none), which is read on each call; each is serialized once.
 */
export function indexDocumentHandler({ reader, config, publicUrl, health }: ServiceDeps): Handler {
  const documents = new Map<string, FixedJson>();
  return async (c) => {
    const problem = health.problem();
    if (problem !== null) return unavailable(c, problem, 60);
    const origin = (await reader.state()).origin;
    let document = documents.get(origin ?? '');
    if (document === undefined) {
      const built = buildIndexDocument(publicUrl, config, origin);
      document = new FixedJson(JSON.stringify(built));
      documents.set(origin ?? '', document);
    }
    return fixedJson(c, document);
  };
}

/** The methods /v1/demo-key answers: only a GET mints (a HEAD would mint a key nobody sees). */
export const DEMO_KEY_METHODS = 'GET, OPTIONS';

/** What a refused mint says of the limit that refused it. */
const MINT_LIMIT: Record<MintScope, (limit: string, network: string) => string> = {
  address: (limit) => `This address has minted ${limit} demo keys in the last hour, the most it may.`,
  'address-day': (limit) => `This address has minted ${limit} demo keys in the last day, the most it may.`,
  network: (limit, network) =>
    `This network (${network}) has minted ${limit} demo keys in the last hour, the most one network may.`,
  server: (limit) => `This server has minted ${limit} demo keys in the last hour, the most it gives out.`,
};

/**
 * GET /v1/demo-key: a personal demo key per visitor, minted at most so many an hour and a day per
 * address (an IPv6 address by its /64), an hour per network and an hour for the whole server
 * (demo-keys.ts). A HEAD is a 405.
 */
export function demoKeyHandler({ keys, config, health, now, trustProxy }: ServiceDeps): Handler {
  const demoKeys = new DemoKeys(keys, {
    perHour: config.SLAB_DEMO_KEYS_PER_HOUR,
    perDay: config.SLAB_DEMO_KEYS_PER_DAY,
    networkPerHour: config.SLAB_DEMO_KEYS_NETWORK_PER_HOUR,
    serverPerHour: config.SLAB_DEMO_KEYS_SERVER_PER_HOUR,
  });
  return async (c) => {
    if (c.req.method !== 'GET') {
      return errorResponse(
        c,
        'method_not_allowed',
        '/v1/demo-key answers GET and OPTIONS only: a GET mints a key, so nothing else may ask.',
        { allow: DEMO_KEY_METHODS },
      );
    }
    const problem = health.problem();
    if (problem !== null) return unavailable(c, problem, 60);
    const minted = await demoKeys.mint(clientAddress(c, trustProxy), now());
    if (!minted.ok) {
      const seconds = Math.max(1, Math.ceil(minted.waitMs / 1000));
      const limit = MINT_LIMIT[minted.scope](minted.limit.toLocaleString('en-US'), minted.network);
      return errorResponse(
        c,
        'rate_limited',
        `${limit} Retry in ${seconds} seconds (Retry-After), or keep using a key you already have: each lasts 7 days.`,
        { 'retry-after': String(seconds), 'cache-control': 'no-store' },
      );
    }
    const body = { key: minted.key, tier: minted.tier, expires_at: minted.expiresAt.toISOString() };
    return apiJson(c.get('request'), 200, JSON.stringify(body), { 'cache-control': 'no-store' });
  };
}

/**
 * GET /v1/accuracy (keyless): the published accuracy, precomputed at each rebuild, as `{data}`,
 * serialized once per data version (with its ETag); `failure` answers a refusal (no_match) or a
 * store fault as every route does.
 */
export function accuracyHandler(
  { health, reader }: Pick<ServiceDeps, 'health' | 'reader'>,
  accuracy: () => Promise<unknown>,
  failure: (c: Context<AppEnv>, error: unknown) => Response,
): Handler {
  let prepared: { version: number; answer: Promise<FixedJson> } | null = null;
  return async (c) => {
    const problem = health.problem();
    if (problem !== null) return unavailable(c, problem, 60);
    try {
      const version = (await reader.state()).dataVersion;
      if (prepared === null || prepared.version !== version) {
        const answer = accuracy().then((data) => new FixedJson(JSON.stringify({ data })));
        prepared = { version, answer };
        // A refusal or a fault is not kept: the next call asks again.
        answer.catch(() => {
          if (prepared?.answer === answer) prepared = null;
        });
      }
      return fixedJson(c, await prepared.answer);
    } catch (error) {
      return failure(c, error);
    }
  };
}

/**
 * GET /v1/openapi.json, generated from the registry: built at the first request for it, not at start
 * (zod's JSON Schema generation takes a while), then kept.
 */
export function openApiHandler({ config, publicUrl, health }: ServiceDeps): Handler {
  let description: FixedJson | null = null;
  return (c) => {
    const problem = health.problem();
    if (problem !== null) return unavailable(c, problem, 60);
    description ??= new FixedJson(
      JSON.stringify(openApiDocument({ servers: [{ url: publicUrl || '/' }], demoKey: config.SLAB_DEMO })),
    );
    return fixedJson(c, description);
  };
}
