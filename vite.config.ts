import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { PAGE_PATHS } from './src/web/app/page-paths';

/**
 * Writes `.br` and `.gz` beside every built text file of 1 kB or more, once at build, so the server
 * sends them as they are (serveStatic's `precompressed`, src/server/http/dashboard-files.ts) and
 * never compresses a dashboard file per request.
 */
/** Writes the dashboard's page paths to `pages.json`: the server answers other paths with a 404 page. */
const pagePaths = (): Plugin => ({
  name: 'slab-page-paths',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'pages.json', source: JSON.stringify(PAGE_PATHS) });
  },
});

const precompress = (): Plugin => ({
  name: 'slab-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist/web';
    for (const name of Object.keys(bundle)) {
      if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(name)) continue;
      const path = join(dir, name);
      const body = readFileSync(path);
      if (body.length < 1024) continue;
      writeFileSync(`${path}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
});

const apiTarget = process.env.SLAB_API_PROXY ?? 'http://127.0.0.1:8787';

export default defineConfig({
  plugins: [react(), pagePaths(), precompress()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Building a zod schema has no side effect, so an unused one may go: the contract's
      // `CategorySchema = z.enum(CATEGORIES)` otherwise kept classic zod (25 kB gzip) in the first
      // paint, which needs only the category names. Applies to calls on a binding named `z`
      // (`z.enum()`, `z.object().extend()`); zod's one global setting is called as `config()`
      // (src/web/lib/zod-config.ts), never `z.config()`, so it is never dropped.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
  server: {
    proxy: { '/v1': apiTarget, '/v3': apiTarget },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one here, where the suite waits mostly on
    // jsdom's setup and on spawned servers. Two workers take about a third off the unit run.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts'],
          // The PostgreSQL tests' server: SLAB_TEST_PG_URL, or one embedded server started on first use.
          globalSetup: ['src/server/store/postgres/testing/test-postgres-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/testing/vitest-setup.ts'],
        },
      },
    ],
  },
});
