import { asStoreError, type Db, openDatabase, StoreError } from '../store/database';

/**
 * Opens the store for a command-line tool, or says in one line why it cannot (a damaged store,
 * never written over: move it aside or restore it; a busy one) and gives null: the tool then exits
 * with 1. Any other error is a bug and is thrown.
 */
export function openStoreOrSay(path: string): Db | null {
  try {
    return openDatabase(path);
  } catch (error) {
    const failure = asStoreError(error, path);
    if (!(failure instanceof StoreError)) throw error;
    console.error(failure.message);
    return null;
  }
}
