import { derivedComputation } from '../../analytics/derived/derived-computation';
import { openPgStore } from '../postgres/pg-store';
import { createTestDatabase } from '../postgres/testing/test-postgres';
import { openDatabase } from '../sqlite/database';
import { sqliteStore } from '../sqlite/sqlite-store';
import type { Store } from '../store';

/** A fresh, empty store of one kind for a test file, and how to be rid of it. */
export interface TestStore {
  store: Store;
  close(): Promise<void>;
}

/**
 * The two stores every store and analytics suite runs on: SQLite in memory, and a fresh
 * PostgreSQL database (SLAB_TEST_PG_URL's server, or the run's embedded one: test-postgres.ts).
 * Use with `describe.each(TEST_STORES)('$kind store', ({ open }) => ...)`.
 */
export const TEST_STORES: { kind: Store['kind']; open(): Promise<TestStore> }[] = [
  {
    kind: 'sqlite',
    open: async () => {
      const store = sqliteStore(openDatabase(':memory:'), derivedComputation);
      return { store, close: () => store.close() };
    },
  },
  {
    kind: 'postgres',
    open: async () => {
      const database = await createTestDatabase();
      const store = await openPgStore(database.url, { derive: derivedComputation });
      return {
        store,
        close: async () => {
          await store.close();
          await database.drop();
        },
      };
    },
  },
];
