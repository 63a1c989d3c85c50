import type { Context } from 'hono';
import { DemoKeys } from '../auth/demo-keys';
import type { Config } from '../config';
import type { MarketReader } from '../store/market-reader';
import type { KeyBook } from '../store/store';
import type { StoreHealth } from '../store/store-health';
import { errorResponse, unavailable } from './errors';
import { buildIndexDocument } from './index-document';
import { openApiDocument } from './openapi';
import { type AppEnv, apiJson, FixedJson, fixedJson } from './response';

/** The keyless operations: liveness, the index document, the demo key (docs/api.md). */
export interface ServiceDeps {
  reader: MarketReader;
  config: Pick<Config, 'SLAB_DEMO'> &
    Partial<Pick<Config, 'SLAB_DEMO_KEYS_PER_HOUR' | 'SLAB_DEMO_KEYS_SERVER_PER_HOUR'>>;
  /** The public address, or '' for relative links. */
  publicUrl: string;
  health: StoreHealth;
  now: () => Date;
  keys: KeyBook;
}

type Handler = (c: Context<AppEnv>) => Response | Promise<Response>;

export const SERVICE_NAME = 'slab-terminal';

/** Liveness, and whether the store can be reached: a load balancer takes a 503 out of rotation. */
export function pingHandler({ health, now }: ServiceDeps): Handler {
  return (c) => {
    const ts = now().toISOString();
    const problem = health.problem();
    if (problem === null)
      return apiJson(c.get('request'), 200, JSON.stringify({ ok: true, service: SERVICE_NAME, ts }));
    const body = { ok: false, service: SERVICE_NAME, ts, error: 'unavailable', hint: problem };
    return apiJson(c.get('request'), 503, JSON.stringify(body), { 'retry-after': '60' });
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

/**
 * GET /v1/demo-key: a personal demo key per visitor, minted at most so many an hour per address
 * (an IPv6 address by its /64) and so many an hour for the whole server. A HEAD is a 405.
 */
export function demoKeyHandler({ keys, config, health, now }: ServiceDeps): Handler {
  const demoKeys = new DemoKeys(keys, config.SLAB_DEMO_KEYS_PER_HOUR, config.SLAB_DEMO_KEYS_SERVER_PER_HOUR);
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
    const address = c.env?.incoming?.socket?.remoteAddress ?? 'local';
    const minted = await demoKeys.mint(address, now());
    if (!minted.ok) {
      const seconds = Math.max(1, Math.ceil(minted.waitMs / 1000));
      const who =
        minted.scope === 'address'
          ? `This address has minted ${minted.perHour} demo keys in the last hour, the most it may.`
          : `This server has minted ${minted.perHour} demo keys in the last hour, the most it gives out.`;
      return errorResponse(
        c,
        'rate_limited',
        `${who} Retry in ${seconds} seconds (Retry-After), or keep using a key you already have: each lasts 7 days.`,
        { 'retry-after': String(seconds), 'cache-control': 'no-store' },
      );
    }
    const body = { key: minted.key, tier: minted.tier, expires_at: minted.expiresAt.toISOString() };
    return apiJson(c.get('request'), 200, JSON.stringify(body), { 'cache-control': 'no-store' });
  };
}

/**
 * GET /v1/accuracy (keyless): the published accuracy, precomputed at each rebuild, as `{data}`;
 * `failure` answers a refusal (no_match) or a store fault as every route does.
 */
export function accuracyHandler(
  { health }: Pick<ServiceDeps, 'health'>,
  accuracy: () => Promise<unknown>,
  failure: (c: Context<AppEnv>, error: unknown) => Response,
): Handler {
  return async (c) => {
    const problem = health.problem();
    if (problem !== null) return unavailable(c, problem, 60);
    try {
      const data = await accuracy();
      return apiJson(c.get('request'), 200, JSON.stringify({ data }));
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
