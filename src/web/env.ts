import { z } from 'zod';

/**
 * Build-time settings of the dashboard (Vite's import.meta.env), checked once with zod.
 * VITE_SLAB_API_BASE_URL: the API the dashboard talks to by default; empty = its own origin, which
 * is the bundled server (`npm start`) or the Vite dev proxy (`npm run dev`). Users can change it in
 * Settings at run time.
 */
const EnvSchema = z.object({
  VITE_SLAB_API_BASE_URL: z
    .union([z.literal(''), z.url({ protocol: /^https?$/ })])
    .default('')
    .transform((url) => url.replace(/\/+$/, '')),
  MODE: z.string().default('production'),
});

export const env = EnvSchema.parse(import.meta.env);
