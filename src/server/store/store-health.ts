/** What every store reports of its own soundness (sqlite/sqlite-health.ts, postgres/pg-health.ts). */

/** The hint of a 503 for a passing fault (busy, an I/O error) when the store itself checks sound. */
export const STORE_UNAVAILABLE_HINT =
  'The service cannot reach its data store right now. Try again in a minute; nothing was counted against your quota.';

/** The sentence of damage found by the integrity check (store/sqlite/integrity-check.ts). */
export const DAMAGED_INSIDE =
  'The data store is damaged inside (its integrity check failed): the operator must restore it from a backup and restart the server. Try again later.';
export interface StoreHealth {
  /**
   * Null while the store is sound, else a sentence for the 503 hint, `/v1/ping` and the log (no
   * path, SQL or stack: clients read it). Cheap on every request: the file is looked at (one stat,
   * one 100-byte read) at most once per `recheckMs`. A file deleted or replaced is a fault at once
   * and ends if the same file comes back; a truncated file is a fault once seen on two checks in a
   * row (a checkpoint of another process can make it look short for a moment), and for good, as is
   * damage reported by SQLite: the store must be restored and the server restarted.
   */
  problem(): string | null;
  /**
   * Whether a thrown error is a store fault (503 `unavailable`, hint `problem() ??
   * STORE_UNAVAILABLE_HINT`) rather than a bug (500). A `damaged` one (corrupt, not a database) is
   * remembered: problem() reports it from then on.
   */
  isStoreFault(error: unknown): boolean;
  /**
   * Records damage found otherwise (the background integrity check): a lasting fault with this
   * sentence (for clients: no path), logged once.
   */
  fault(problem: string): void;
  /**
   * problem(), with the file looked at now whatever the time since the last look: for what touches
   * the store on a timer (the change count, usage flushes), so that files made unwritable are seen
   * before a write to the mapped WAL index could raise SIGBUS.
   */
  checkNow(): string | null;
}
