import type { KeyRecord, KeyStore } from './api-keys';

/**
 * The active keys the server has seen, by raw key, so that a repeated key costs a map lookup
 * instead of a SHA-256 and an indexed read (about 6 µs). It is emptied when a key may have been
 * revoked: by this process (`KeyStore.revocations` moves), or by another one, the keys CLI
 * (`otherCommits`, the count of other processes' commits of store/other-commits.ts, moves). So a revoked key
 * is refused by the first request after the revoke commits. Unknown, malformed and revoked keys
 * are never kept (random keys cannot grow it); at `maxEntries` it starts over.
 */
export class KeyCache {
  private readonly found = new Map<string, KeyRecord>();
  private otherCommits = Number.NaN;
  private revocations = Number.NaN;

  constructor(
    private readonly keys: KeyStore,
    private readonly maxEntries = 10_000,
  ) {}

  /** The active key record for a raw key, or null; `otherCommits` from OtherCommits.read(). */
  find(raw: string, otherCommits: number): KeyRecord | null {
    const revocations = this.keys.revocations;
    if (otherCommits !== this.otherCommits || revocations !== this.revocations) {
      this.found.clear();
      this.otherCommits = otherCommits;
      this.revocations = revocations;
    }
    const known = this.found.get(raw);
    if (known !== undefined) return known;
    const record = this.keys.findActive(raw); // the format check comes before any lookup
    if (record !== null) {
      if (this.found.size >= this.maxEntries) this.found.clear();
      this.found.set(raw, record);
    }
    return record;
  }

  get size(): number {
    return this.found.size;
  }
}
