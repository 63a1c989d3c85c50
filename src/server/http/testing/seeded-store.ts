import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENDPOINT_LIST } from '../../../contract/endpoints';
import { derivedComputation } from '../../analytics/derived/derived-computation';
import { marketContext, type WarmMarketContext } from '../../analytics/market-context';
import type { Tier } from '../../auth/tiers';
import { createLogger, type Logger } from '../../logging/logger';
import { seedDemoMarket } from '../../seed/seed-demo-market';
import { type Db, openDatabase } from '../../store/sqlite/database';
import { type SqliteStore, sqliteStore } from '../../store/sqlite/sqlite-store';
import { type AppOptions, createApp, type SlabApp } from '../app';

/** The fixed demo market of the HTTP tests: small scale, fixed seed and as-of date. */
export const TEST_AS_OF = '2026-11-15';
export const TEST_SEED = 20260529;

export interface SeededStore {
  dir: string;
  path: string;
  db: Db;
  /** The store the apps are made on (its connection is `db`). */
  store: SqliteStore;
  market: WarmMarketContext;
  /** Closes every app made on this store (flushing usage), then the store, and removes the file. */
  cleanup(): void;
  /** Apps made on this store by createTestApp, closed by cleanup. */
  apps: SlabApp[];
}

/** A temp store file seeded with the small demo market (one per test file). */
export function createSeededStore(): SeededStore {
  const dir = mkdtempSync(join(tmpdir(), 'slab-http-'));
  const path = join(dir, 'market.db');
  const db = openDatabase(path);
  seedDemoMarket(db, { scale: 'small', asOf: TEST_AS_OF, seed: TEST_SEED });
  const apps: SlabApp[] = [];
  const store = sqliteStore(db, derivedComputation, { path });
  return {
    dir,
    path,
    db,
    store,
    apps,
    market: marketContext(store.reader),
    cleanup: () => {
      // A SQLite store's meters write their counts synchronously: closed before the file goes.
      for (const app of apps) void app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestApp extends SlabApp {
  /** Every log line the app wrote. */
  logLines: string[];
  /** A new key of the tier, as the keys CLI would make it. */
  newKey(tier?: Tier): Promise<string>;
  get(path: string, key?: string, headers?: Record<string, string>): Promise<Response>;
}

export function createTestApp(store: SeededStore, overrides: Partial<AppOptions> = {}): TestApp {
  const logLines: string[] = [];
  const logger: Logger = createLogger('debug', (line) => logLines.push(line));
  const slab = createApp({
    store: store.store,
    market: store.market,
    config: { SLAB_DEMO: false, SLAB_WEB_DIST: join(store.dir, 'no-web') },
    logger,
    ...overrides,
  });
  store.apps.push(slab);
  return {
    ...slab,
    logLines,
    newKey: async (tier = 'business') => (await slab.keys.create(tier, 'test')).key,
    get: (path, key, headers = {}) =>
      Promise.resolve(slab.request(path, { headers: key ? { 'x-api-key': key, ...headers } : headers })),
  };
}

/**
 * A GET of every keyed data operation of the endpoint registry (not /v1/usage, which spends nothing): with `q` where the operation requires
 * it, and once more with a category where it takes one. For tests that check something of every
 * keyed answer; a new operation joins them by being in the registry.
 */
export function keyedRequestsFor(q: string, title = q): string[] {
  return ENDPOINT_LIST.filter((endpoint) => endpoint.keyed && !endpoint.account).flatMap((endpoint) => {
    const shape = endpoint.params?.shape ?? {};
    // An operation that takes only an exact title (/v1/grading) gets `title` in quotes.
    const named = endpoint.params?.safeParse({ q }).success === false ? `"${title}"` : q;
    if ('q' in shape) return [`${endpoint.path}?q=${encodeURIComponent(named)}`];
    return 'category' in shape ? [endpoint.path, `${endpoint.path}?category=pokemon`] : [endpoint.path];
  });
}

/** keyedRequestsFor the seeded store's most-traded card. */
export function keyedPathsOf(store: SeededStore): string[] {
  const q = store.db
    .prepare(
      'SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1',
    )
    .pluck()
    .get() as string;
  return keyedRequestsFor(q);
}
