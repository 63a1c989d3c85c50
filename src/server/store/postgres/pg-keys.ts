import type pg from 'pg';
import { isWellFormedApiKey } from '../../../contract/api-key';
import { hashApiKey, type KeyListing, type KeyRecord, newKeyRow } from '../../auth/api-keys';
import { quotaMonth, type Tier } from '../../auth/tiers';
import type { KeyBook } from '../store';
import { announceChange, noteLocalChange } from './pg-changes';

/**
 * The key table of a PostgreSQL store: the twin of KeyStore (auth/api-keys.ts), with the same
 * semantics and the same hashing (keys stored as SHA-256 only; the raw key is returned once, by
 * `create`). Every lookup reads the table (one indexed read: a round trip), so what a cache of
 * keys needs is the change signal: `revoke` and `removeExpired` announce their commit
 * (`NOTIFY slab_changes`, pg-changes.ts) in their transaction, and move this process's signal
 * at once after it.
 */
export class PgKeyBook implements KeyBook {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * The record of a key that is not revoked, or null (malformed, unknown or revoked). An expiring
   * key is returned with its expiry, which the caller checks against its own clock.
   */
  async findActive(key: string): Promise<KeyRecord | null> {
    if (!isWellFormedApiKey(key)) return null;
    const { rows } = await this.pool.query<{ id: string; tier: Tier; expires_at: string | null }>({
      name: 'slab_find_key',
      text: 'SELECT id, tier, expires_at FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      values: [hashApiKey(key)],
    });
    const row = rows[0];
    if (row === undefined) return null;
    return {
      id: row.id,
      tier: row.tier,
      expiresAtMs: row.expires_at === null ? null : Date.parse(row.expires_at),
    };
  }

  /** A new key; the raw key is in the result and nowhere else. `expiresAt`: when it stops working (a demo key). */
  async create(
    tier: Tier,
    label: string | null = null,
    now = new Date(),
    expiresAt: Date | null = null,
  ): Promise<{ key: string; id: string; tier: Tier }> {
    const { key, id, row } = newKeyRow(tier, label, now, expiresAt);
    await this.pool.query(
      'INSERT INTO api_keys (id, key_hash, tier, label, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
      row,
    );
    return { key, id, tier };
  }

  /** Removes the keys (and their usage) that expired before `now`: how demo keys go away. */
  async removeExpired(now = new Date()): Promise<number> {
    const removed = await this.inTransaction(async (client) => {
      // Three statements, not one: locking the expired keys first waits for any spend that holds one
      // (its foreign-key check), and the usage DELETE that follows, a statement of its own, then sees
      // that spend's new row (one statement's snapshot would miss it, and the key's DELETE would fail
      // on it). Once locked, no new usage row can reference these keys.
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM api_keys WHERE expires_at IS NOT NULL AND expires_at <= $1 FOR UPDATE',
        [now.toISOString()],
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((row) => row.id);
      await client.query('DELETE FROM key_usage WHERE key_id = ANY($1)', [ids]);
      await client.query('DELETE FROM key_usage_daily WHERE key_id = ANY($1)', [ids]);
      const deleted = await client.query('DELETE FROM api_keys WHERE id = ANY($1)', [ids]);
      await announceChange(client, 'keys');
      return deleted.rowCount ?? 0;
    });
    if (removed > 0) noteLocalChange(this.pool);
    return removed;
  }

  /** Marks a key revoked. `found` is false when no key has that id; revoking twice is harmless. */
  async revoke(id: string, now = new Date()): Promise<{ found: boolean; alreadyRevoked: boolean }> {
    const result = await this.inTransaction(async (client) => {
      const { rows } = await client.query<{ revoked: boolean }>(
        'SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1 FOR UPDATE',
        [id],
      );
      const row = rows[0];
      if (row === undefined) return { found: false, alreadyRevoked: false };
      if (row.revoked) return { found: true, alreadyRevoked: true };
      await client.query('UPDATE api_keys SET revoked_at = $2 WHERE id = $1', [id, now.toISOString()]);
      await announceChange(client, 'keys');
      return { found: true, alreadyRevoked: false };
    });
    if (result.found && !result.alreadyRevoked) noteLocalChange(this.pool);
    return result;
  }

  async list(now = new Date()): Promise<KeyListing[]> {
    // The times are ISO 8601 text as on SQLite, and every text column sorts byte-wise (COLLATE "C",
    // pg-schema.ts): the same order as KeyStore's.
    const { rows } = await this.pool.query<KeyListing>(
      `SELECT k.id, k.label, k.tier, k.created_at, k.revoked_at, k.expires_at, COALESCE(u.used, 0) AS used_this_month
         FROM api_keys k LEFT JOIN key_usage u ON u.key_id = k.id AND u.month = $1
        ORDER BY k.created_at, k.id`,
      [quotaMonth(now)],
    );
    return rows;
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM api_keys');
    return rows[0]?.count ?? 0;
  }

  /** Runs `work` in one transaction on one pooled client (rolled back if it throws). */
  private async inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError; // the connection is unusable: not returned to the pool
      });
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }
}
