import { z } from 'zod';

/**
 * Imported first by the web entry (main.tsx), before any module builds a schema: zod 4 otherwise
 * probes for eval with `new Function("")` to compile fast object parsers, and the page's CSP
 * (`script-src 'self'`, no 'unsafe-eval') reports that probe as a violation on every page even
 * though zod catches the throw. Jitless, zod never probes; parsing is the same, interpreted.
 */
z.config({ jitless: true });
