import { z } from 'zod';
import { DEFAULT_COMPUTE_LIMITS } from './auth/compute-budget';
import { parseKeylessLimit, parseRateLimits } from './auth/rate-limiter';
import { parseTierPrices } from './auth/tiers';

/**
 * Every environment variable the server and the command-line tools read, parsed in one place.
 * Documented in README.md ("Configuration").
 */
const flag = (fallback: boolean) =>
  z
    .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? fallback : ['1', 'true', 'yes'].includes(value),
    );

/** Why a SLAB_PUBLIC_URL is refused, or null: an absolute http(s) URL with no path beyond `/`. */
const publicUrlProblem = (text: string): string | null => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'must be an absolute URL such as https://api.example.com';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http:// or https:// URL';
  if (url.username || url.password) return 'must not hold a user name or password';
  if (url.pathname !== '/' || url.search || url.hash || !/^https?:\/\/[^/?#]+\/?$/i.test(text))
    return 'must be an origin only (scheme, host, optional port), without a path, query or fragment';
  return null;
};

const EnvSchema = z.object({
  SLAB_DB: z.string().min(1).default('./data/market.db'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Demo mode: GET /v1/demo-key mints a personal free key, expiring after 7 days, for each visitor. */
  SLAB_DEMO: flag(true),
  /** Demo keys one client address may mint in an hour (decisions.md, "Demo keys"). */
  SLAB_DEMO_KEYS_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** ...and in a day. */
  SLAB_DEMO_KEYS_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** Demo keys one network (IPv4 /24, IPv6 /48) may mint in an hour, its addresses together. */
  SLAB_DEMO_KEYS_NETWORK_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  /** Demo keys the whole server may mint in an hour, all addresses together. */
  SLAB_DEMO_KEYS_SERVER_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  /** Seed the demo market when the store is empty at `npm start`. */
  SLAB_AUTO_SEED: flag(true),
  /** Fixed as-of date for the demo market (YYYY-MM-DD); default: today UTC. */
  SLAB_SEED_AS_OF: z.iso.date().optional(),
  SLAB_SEED_SCALE: z.enum(['full', 'small']).default('full'),
  /** Directory of the built dashboard that the server serves on the same origin. */
  SLAB_WEB_DIST: z.string().default('./dist/web'),
  /**
   * The public address of the API (`https://api.example.com`): the links of GET /v1 and the
   * OpenAPI `servers` name it. Unset, they are relative (`/`, `/v1/openapi.json`). The Host header
   * of a request is never used for them (docs/api.md, "Public address").
   */
  SLAB_PUBLIC_URL: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      const problem = publicUrlProblem(text);
      if (problem !== null) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return new URL(text).origin;
    }),
  /**
   * The server is behind a proxy whose `X-Forwarded-Proto` is to be believed: when it says `https`,
   * answers carry Strict-Transport-Security. Off, the header is ignored (any client could send it).
   */
  SLAB_TRUST_PROXY: flag(false),
  /**
   * Per-key compute budgets (docs/api.md, "Compute budget"): `tier=msPerSecond/burstMs` items
   * (`free=200/2000,pro=500/5000,business=2000/20000`, the defaults), or `off`. Off too when
   * SLAB_RATE_LIMITS is off.
   */
  SLAB_COMPUTE_LIMITS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const limits = parseRateLimits(text ?? '', DEFAULT_COMPUTE_LIMITS);
      if (typeof limits === 'string') {
        ctx.addIssue({ code: 'custom', message: limits });
        return z.NEVER;
      }
      return limits;
    }),
  /**
   * How often a running server checks its SQLite store's pages (PRAGMA quick_check in a worker
   * thread; docs/operations.md, "Store faults"), in seconds; 0: only at start.
   */
  SLAB_INTEGRITY_CHECK_SECONDS: z.coerce.number().min(0).max(86_400).default(600),
  LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug']).default('info'),
  /**
   * Per-key rate limits (docs/api.md, "Rate limit"): `tier=perSecond/burst` items separated by
   * commas (`free=20/100,pro=50/250,business=200/1000`, the defaults; a tier not named keeps its
   * default), or `off`. Parsed to the limits, or null when off.
   */
  SLAB_RATE_LIMITS: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const limits = parseRateLimits(text ?? '');
      if (typeof limits === 'string') {
        ctx.addIssue({ code: 'custom', message: limits });
        return z.NEVER;
      }
      return limits;
    }),
  /**
   * The keyless operations' limit per client address, all of them together (docs/api.md, "Keyless
   * limit"): `perSecond/burst` (`20/100`, the default) or `off`. Off too when SLAB_RATE_LIMITS is off.
   */
  SLAB_KEYLESS_LIMIT: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const limit = parseKeylessLimit(text ?? '');
      if (typeof limit === 'string') {
        ctx.addIssue({ code: 'custom', message: limit });
        return z.NEVER;
      }
      return limit;
    }),
  /** US dollars a month per tier, as GET /v1 states them (`free=0,pro=49,business=399`). */
  SLAB_TIER_PRICES: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const prices = parseTierPrices(text ?? '');
      if (typeof prices === 'string') {
        ctx.addIssue({ code: 'custom', message: prices });
        return z.NEVER;
      }
      return prices;
    }),
});

export type Config = z.output<typeof EnvSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  return parsed.data;
}
