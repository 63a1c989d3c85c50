import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
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

/**
 * The start's steps that src/web/main.tsx imports dynamically (so each is evaluated in a task of
 * its own) would be fetched only when their step begins. This links them from index.html
 * (modulepreload, with their static imports, and their CSS), so they load in parallel with the
 * entry. Only the dynamic imports of the page's script itself: the pages' chunks stay lazy.
 *
 * `chunkName` puts each step's modules (what it imports, less what the entry and the steps before
 * it have) in one chunk per step, `start-<n>`: left to the automatic chunking, the modules a step
 * shares with the lazy pages came out as a dozen small chunks, 5 kB gzip more than one chunk.
 */
const preloadStartSteps = (): Plugin & { chunkName: (id: string) => string | null } => {
  const steps = new Set<string>();
  const stepOf = new Map<string, number>();
  return {
    name: 'slab-preload-start-steps',
    apply: 'build',
    chunkName: (id) => {
      // zod is left to the automatic chunking: the key store's zod/mini imports all of zod's core
      // module by module, and what only the contract's classic schemas use would come with it.
      if (id.includes('/node_modules/zod/')) return null;
      const step = stepOf.get(id);
      return step === undefined ? null : `start-${step}`;
    },
    buildEnd() {
      const seen = new Set<string>();
      const closure = (root: string, step: number | null) => {
        const queue = [root];
        while (queue.length > 0) {
          const id = queue.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          if (step !== null) stepOf.set(id, step);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info?.importers.some((importer) => importer.endsWith('.html'))) continue;
        closure(id, null);
        for (const step of info.dynamicallyImportedIds) steps.add(step);
      }
      let index = 0;
      for (const step of steps) closure(step, ++index);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        type Built = Rollup.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };
        const files = new Set<string>();
        const css = new Set<string>();
        const visit = (file: string) => {
          const found = bundle[file];
          if (found?.type !== 'chunk' || files.has(file)) return;
          files.add(file);
          for (const sheet of (found as Built).viteMetadata?.importedCss ?? []) css.add(sheet);
          for (const imported of found.imports) visit(imported);
        };
        for (const file of chunk.dynamicImports) {
          const found = bundle[file];
          if (found?.type === 'chunk' && found.moduleIds.some((id) => steps.has(id))) visit(file);
        }
        // What Vite linked already (the entry, its static imports, their CSS) is left out.
        const fresh = (file: string) => !html.includes(`/${file}"`);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        });
        return [
          ...[...files].filter(fresh).map((file) => link('modulepreload', file)),
          ...[...css].filter(fresh).map((file) => link('stylesheet', file)),
        ];
      },
    },
  };
};

const apiTarget = process.env.SLAB_API_PROXY ?? 'http://127.0.0.1:8787';

const startSteps = preloadStartSteps();

export default defineConfig({
  plugins: [react(), pagePaths(), startSteps, precompress()],
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
      output: {
        codeSplitting: { groups: [{ name: startSteps.chunkName, includeDependenciesRecursively: false }] },
      },
    },
  },
  server: {
    proxy: { '/v1': apiTarget, '/v3': apiTarget },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one here, where the suite waits mostly on
    // the DOM's setup and on spawned servers. Two workers take about a third off the unit run.
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
          // happy-dom, not jsdom: its setup per test file is half jsdom's (the web tests, 91 files:
          // 120 -> 75 s on two workers), and nothing here needs what only jsdom does.
          environment: 'happy-dom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/testing/vitest-setup.ts'],
        },
      },
    ],
  },
});
