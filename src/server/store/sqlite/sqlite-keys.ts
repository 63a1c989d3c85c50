import { isWellFormedApiKey } from '../../../contract/api-key';
import { hashApiKey, type KeyListing, type KeyRecord, newKeyRow } from '../../auth/api-keys';
import { quotaMonth, type Tier } from '../../auth/tiers';
import type { KeyBook } from '../store';
import type { Db } from './database';

/** Revocations made in this process, per store connection (shared by every KeyStore on it). */
const revocations = new WeakMap<Db, number>();

/**
 * The key table of a SQLite store (postgres/pg-keys.ts is PostgreSQL's). Keys are stored only
 * as SHA-256 hashes; the raw key is returned once, by `create`. Lookups read the table on every
 * call (one indexed read), so a key revoked by another process (the keys CLI) is refused by the
 * next request.
 */
export class KeyStore implements KeyBook {
  private readonly findByHash;
  private readonly insertKey;

  constructor(private readonly db: Db) {
    this.findByHash = db.prepare<
      [string],
      { id: string; tier: Tier; revoked_at: string | null; expires_at: string | null }
    >('SELECT id, tier, revoked_at, expires_at FROM api_keys WHERE key_hash = ?');
    this.insertKey = db.prepare(
      'INSERT INTO api_keys (id, key_hash, tier, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
  }

  /**
   * The record of a key that is not revoked, or null (malformed, unknown or revoked). An expiring
   * key is returned with its expiry, which the caller checks against its own clock.
   */
  async findActive(key: string): Promise<KeyRecord | null> {
    if (!isWellFormedApiKey(key)) return null;
    const row = this.findByHash.get(hashApiKey(key));
    if (!row || row.revoked_at !== null) return null;
    return {
      id: row.id,
      tier: row.tier,
      expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
    };
  }

  /**
   * How many keys this process has revoked on this store connection: a cache of active keys is
   * stale when it moves (revocations by other processes show in PRAGMA data_version instead).
   */
  get revocations(): number {
    return revocations.get(this.db) ?? 0;
  }

  /** A new key; the raw key is in the result and nowhere else. `expiresAt`: when it stops working (a demo key). */
  async create(
    tier: Tier,
    label: string | null = null,
    now = new Date(),
    expiresAt: Date | null = null,
  ): Promise<{ key: string; id: string; tier: Tier }> {
    const { key, id, row } = newKeyRow(tier, label, now, expiresAt);
    this.insertKey.run(...row);
    return { key, id, tier };
  }

  /** Removes the keys (and their usage) that expired before `now`: how demo keys go away. */
  async removeExpired(now = new Date()): Promise<number> {
    return this.db
      .transaction(() => {
        const at = now.toISOString();
        for (const table of ['key_usage', 'key_usage_daily'])
          this.db
            .prepare(
              `DELETE FROM ${table} WHERE key_id IN (SELECT id FROM api_keys WHERE expires_at IS NOT NULL AND expires_at <= ?)`,
            )
            .run(at);
        return this.db
          .prepare('DELETE FROM api_keys WHERE expires_at IS NOT NULL AND expires_at <= ?')
          .run(at).changes;
      })
      .immediate();
  }

  /** Marks a key revoked. Returns false when no key has that id; revoking twice is harmless. */
  async revoke(id: string, now = new Date()): Promise<{ found: boolean; alreadyRevoked: boolean }> {
    const row = this.db
      .prepare<[string], { revoked_at: string | null }>('SELECT revoked_at FROM api_keys WHERE id = ?')
      .get(id);
    if (!row) return { found: false, alreadyRevoked: false };
    if (row.revoked_at !== null) return { found: true, alreadyRevoked: true };
    this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(now.toISOString(), id);
    revocations.set(this.db, this.revocations + 1);
    return { found: true, alreadyRevoked: false };
  }

  async list(now = new Date()): Promise<KeyListing[]> {
    return this.db
      .prepare<[string], KeyListing>(
        `SELECT k.id, k.label, k.tier, k.created_at, k.revoked_at, k.expires_at, COALESCE(u.used, 0) AS used_this_month
           FROM api_keys k LEFT JOIN key_usage u ON u.key_id = k.id AND u.month = ?
          ORDER BY k.created_at, k.id`,
      )
      .all(quotaMonth(now));
  }

  async count(): Promise<number> {
    return this.db.prepare('SELECT COUNT(*) FROM api_keys').pluck().get() as number;
  }
}
