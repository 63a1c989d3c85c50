import { config } from 'zod/mini';

/**
 * Imported before any module builds a schema (by the quota store, the first of the start to build
 * one, and by contract-schemas.ts): zod 4 otherwise probes for eval with `new Function("")` to
 * compile fast object parsers, and the page's CSP (`script-src 'self'`, no 'unsafe-eval') reports
 * that probe as a violation on every page even though zod catches the throw. Jitless, zod never
 * probes; parsing is the same, interpreted. One setting for classic zod and zod/mini (they share
 * zod's core). Called as `config()`, never `z.config()`: the build treats calls on `z` as pure and
 * would drop it (vite.config.ts).
 */
config({ jitless: true });
