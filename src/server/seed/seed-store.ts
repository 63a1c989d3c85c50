import type { Store } from '../store/store';
import { type SeedOptions, type SeedSummary, seedDemoMarket } from './seed-demo-market';

/**
 * Replaces the store's market with the demo market in one transaction (keys and usage stay), the
 * derived tables rebuilt in it: `npm run seed`, and tests and benches on either store.
 */
export function seedStore(store: Store, options: SeedOptions = {}): Promise<SeedSummary> {
  return store.replaceMarket(
    (db) => seedDemoMarket(db, generatorOptions(store, options)),
    options.onProgress,
  );
}

/**
 * The same, only when the market is empty (`npm start` on a new store): of several processes starting
 * together on one empty store, one seeds and the others get null once it has.
 */
export function seedStoreIfEmpty(store: Store, options: SeedOptions = {}): Promise<SeedSummary | null> {
  return store.replaceMarketIfEmpty(
    (db) => seedDemoMarket(db, generatorOptions(store, options)),
    options.onProgress,
  );
}

/** On PostgreSQL the generator fills a throwaway copy: its own rebuild of that copy is not reported. */
function generatorOptions(store: Store, options: SeedOptions): SeedOptions {
  const progress = options.onProgress;
  if (store.kind === 'sqlite' || progress === undefined) return options;
  return {
    ...options,
    onProgress: (line) => {
      if (!line.startsWith('derived tables')) progress(line.replace('; rebuilding derived tables', ''));
    },
  };
}
