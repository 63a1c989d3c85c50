import { z } from 'zod';
import { parseRateLimits } from './auth/rate-limiter';

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

const EnvSchema = z.object({
  SLAB_DB: z.string().min(1).default('./data/market.db'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Demo mode: on a store without keys, create a free demo key and offer it to the dashboard. */
  SLAB_DEMO: flag(true),
  /** Seed the demo market when the store is empty at `npm start`. */
  SLAB_AUTO_SEED: flag(true),
  /** Fixed as-of date for the demo market (YYYY-MM-DD); default: today UTC. */
  SLAB_SEED_AS_OF: z.iso.date().optional(),
  SLAB_SEED_SCALE: z.enum(['full', 'small']).default('full'),
  /** Directory of the built dashboard that the server serves on the same origin. */
  SLAB_WEB_DIST: z.string().default('./dist/web'),
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
