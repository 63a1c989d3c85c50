import type { KeyBook } from '../store/store';
import type { KeyRecord } from './api-keys';

/**
 * The active keys the server has seen, by raw key, so that a repeated key costs a map lookup
 * instead of a SHA-256 and a read of the store (a round trip on PostgreSQL).
 * It is emptied when a key may have been revoked, by this process or another (the keys CLI): when
 * the store's change count (Store.changes) moves. So a revoked key is refused by the first request
 * after the count moves (1 ms on SQLite, 1 s on PostgreSQL). Unknown, malformed and revoked keys
 * are never kept (random keys cannot grow it); at `maxEntries` it starts over.
 */
export class KeyCache {
  private readonly found = new Map<string, KeyRecord>();
  private changes = Number.NaN;

  constructor(
    private readonly keys: KeyBook,
    private readonly maxEntries = 10_000,
  ) {}

  /**
   * The active key record for a raw key, or null; `changes` from Store.changes.read(). A key it
   * keeps is answered at once; any other is looked up in the store (a promise).
   */
  find(raw: string, changes: number): KeyRecord | Promise<KeyRecord | null> {
    if (changes !== this.changes) {
      this.found.clear();
      this.changes = changes;
    }
    return this.found.get(raw) ?? this.lookUp(raw, changes);
  }

  private async lookUp(raw: string, changes: number): Promise<KeyRecord | null> {
    const record = await this.keys.findActive(raw); // the format check comes before any lookup
    // A lookup that started before the count moved may have read a key revoked since: not kept.
    if (record !== null && changes === this.changes) {
      if (this.found.size >= this.maxEntries) this.found.clear();
      this.found.set(raw, record);
    }
    return record;
  }

  get size(): number {
    return this.found.size;
  }
}
