import type { Logger } from '../logging/logger';
import type { DerivedComputation } from './derived-tables';
import type { OpenOptions } from './sqlite/database';
import { openSqliteStore } from './sqlite/sqlite-store';
import type { Store } from './store';

/** Whether SLAB_DB names a PostgreSQL database rather than a SQLite file (decisions.md, "Stores"). */
export const isPostgresUrl = (location: string): boolean => /^postgres(ql)?:\/\//i.test(location);

export interface OpenStoreOptions extends OpenOptions {
  /** How the derived tables are computed (analytics/derived/derived-computation.ts). */
  derive: DerivedComputation;
  logger?: Logger;
}

/**
 * Opens the store SLAB_DB names: a `postgres://` (or `postgresql://`) URL is a PostgreSQL database
 * (store/postgres/pg-store.ts, loaded only then), anything else a SQLite file (store/sqlite/sqlite-store.ts).
 * Either way the schema is migrated to the current version first (except read-only).
 */
export async function openStore(location: string, options: OpenStoreOptions): Promise<Store> {
  if (isPostgresUrl(location)) {
    const { openPgStore } = await import('./postgres/pg-store');
    return openPgStore(location, {
      derive: options.derive,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.create === undefined ? {} : { create: options.create }),
    });
  }
  return openSqliteStore(location, options);
}
