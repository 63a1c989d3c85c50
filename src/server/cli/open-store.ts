import { derivedComputation } from '../analytics/derived/derived-computation';
import { type OpenStoreOptions, openStore } from '../store/open-store';
import { asStoreError } from '../store/sqlite/database';
import type { Store } from '../store/store';
import { StoreError } from '../store/store-error';

/**
 * Opens the store (SLAB_DB: a SQLite file or a PostgreSQL URL) for a command-line tool, or says in
 * one line why it cannot (a damaged store, never written over: move it aside or restore it; a busy
 * or unreachable one) and gives null: the tool then exits with 1. Any other error is a bug and is
 * thrown.
 */
export async function openStoreOrSay(
  location: string,
  options: Omit<OpenStoreOptions, 'derive'> = {},
): Promise<Store | null> {
  try {
    return await openStore(location, { ...options, derive: derivedComputation });
  } catch (error) {
    const failure = asStoreError(error, location);
    if (!(failure instanceof StoreError)) throw error;
    console.error(failure.message);
    return null;
  }
}
