import type { Logger } from '../logging/logger';
import type { OpenOptions } from './database';
import { openSqliteStore } from './sqlite-store';
import type { Store } from './store';

/** Whether SLAB_DB names a PostgreSQL database rather than a SQLite file (decisions.md, "Stores"). */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

export interface OpenStoreOptions extends OpenOptions {
  logger?: Logger;
}

/**
 * Opens the store SLAB_DB names: a `postgres://` (or `postgresql://`) URL is a PostgreSQL database
 * (issue 15, in progress), anything else a SQLite file (store/sqlite-store.ts).
 * Either way the schema is migrated to the current version first (except read-only).
 */
export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(location)) {
    throw new Error('SLAB_DB is a PostgreSQL URL, but this build has no PostgreSQL store yet (issue 15).');
  }
  return openSqliteStore(location, options);
}
