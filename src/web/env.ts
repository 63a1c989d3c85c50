import { z } from 'zod/mini';

/**
 * Build-time settings of the dashboard (Vite's import.meta.env), checked once with zod.
 * VITE_SLAB_API_BASE_URL: the API the dashboard talks to by default; empty = its own origin, which
 * is the bundled server (`npm start`) or the Vite dev proxy (`npm run dev`). Users can change it in
 * Settings at run time. zod/mini: this runs before first paint, where classic zod is not loaded.
 */
const EnvSchema = z.object({
  VITE_SLAB_API_BASE_URL: z.pipe(
    z._default(
      z.union([z.literal(''), z.url({ protocol: /^https?$/ })], {
        error: 'must be empty (same origin) or an http(s) address',
      }),
      '',
    ),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  MODE: z._default(z.string(), 'production'),
});
export type WebEnv = z.output<typeof EnvSchema>;

/** Throws, naming the variable, when the build was configured with a bad value. */
export function parseEnv(raw: Record<string, unknown>): WebEnv {
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid dashboard environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

export const env = parseEnv(import.meta.env);
