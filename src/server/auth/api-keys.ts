import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX, isWellFormedApiKey } from '../../contract/api-key';
import type { Db } from '../store/database';
import { quotaMonth, type Tier } from './tiers';

/** What the server knows of a key once it has been found: never the key itself. */
export interface KeyRecord {
  id: string;
  tier: Tier;
}

export interface KeyListing {
  id: string;
  label: string | null;
  tier: Tier;
  created_at: string;
  revoked_at: string | null;
  /** Calls spent in the current UTC month, as last written to the store. */
  used_this_month: number;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(24).toString('hex')}`;

const DEMO_KEY_SETTING = 'demo_key';

/** Revocations made in this process, per store connection (shared by every KeyStore on it). */
const revocations = new WeakMap<Db, number>();

/**
 * The key table. Keys are stored only as SHA-256 hashes; the raw key is returned once, by
 * `create`. Lookups read the table on every call (one indexed read), so a key revoked by another
 * process (the keys CLI) is refused by the next request.
 */
export class KeyStore {
  private readonly findByHash;
  private readonly insertKey;

  constructor(private readonly db: Db) {
    this.findByHash = db.prepare<[string], { id: string; tier: Tier; revoked_at: string | null }>(
      'SELECT id, tier, revoked_at FROM api_keys WHERE key_hash = ?',
    );
    this.insertKey = db.prepare(
      'INSERT INTO api_keys (id, key_hash, tier, label, created_at) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /** The active key record for a raw key, or null (malformed, unknown or revoked). */
  findActive(key: string): KeyRecord | null {
    if (!isWellFormedApiKey(key)) return null;
    const row = this.findByHash.get(hashApiKey(key));
    if (!row || row.revoked_at !== null) return null;
    return { id: row.id, tier: row.tier };
  }

  /**
   * How many keys this process has revoked on this store connection: a cache of active keys is
   * stale when it moves (revocations by other processes show in PRAGMA data_version instead).
   */
  get revocations(): number {
    return revocations.get(this.db) ?? 0;
  }

  create(tier: Tier, label: string | null = null, now = new Date()): { key: string; id: string; tier: Tier } {
    const key = generateApiKey();
    const id = `key_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    this.insertKey.run(id, hashApiKey(key), tier, label, now.toISOString());
    return { key, id, tier };
  }

  /** Marks a key revoked. Returns false when no key has that id; revoking twice is harmless. */
  revoke(id: string, now = new Date()): { found: boolean; alreadyRevoked: boolean } {
    const row = this.db
      .prepare<[string], { revoked_at: string | null }>('SELECT revoked_at FROM api_keys WHERE id = ?')
      .get(id);
    if (!row) return { found: false, alreadyRevoked: false };
    if (row.revoked_at !== null) return { found: true, alreadyRevoked: true };
    this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(now.toISOString(), id);
    revocations.set(this.db, this.revocations + 1);
    return { found: true, alreadyRevoked: false };
  }

  list(now = new Date()): KeyListing[] {
    return this.db
      .prepare<[string], KeyListing>(
        `SELECT k.id, k.label, k.tier, k.created_at, k.revoked_at, COALESCE(u.used, 0) AS used_this_month
           FROM api_keys k LEFT JOIN key_usage u ON u.key_id = k.id AND u.month = ?
          ORDER BY k.created_at, k.id`,
      )
      .all(quotaMonth(now));
  }

  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM api_keys').pluck().get() as number;
  }

  /**
   * Demo mode (docs/api.md): the demo key is the one key whose raw form the store keeps, in
   * `app_settings`, so that the same key is offered after a restart. It is a free-tier key like
   * any other, and revoking it with the CLI withdraws it from the dashboard too.
   */
  activeDemoKey(): { key: string; tier: Tier } | null {
    const key = this.db
      .prepare<[string], string>('SELECT value FROM app_settings WHERE name = ?')
      .pluck()
      .get(DEMO_KEY_SETTING);
    if (key === undefined) return null;
    const record = this.findActive(key);
    return record ? { key, tier: record.tier } : null;
  }

  /** Creates the demo key when the store has no key at all; returns the active demo key, if any. */
  ensureDemoKey(): { key: string; tier: Tier; created: boolean } | null {
    return this.db
      .transaction(() => {
        const existing = this.activeDemoKey();
        if (existing) return { ...existing, created: false };
        if (this.count() > 0) return null;
        const made = this.create('free', 'demo key (demo mode)');
        this.db
          .prepare('INSERT OR REPLACE INTO app_settings (name, value) VALUES (?, ?)')
          .run(DEMO_KEY_SETTING, made.key);
        return { key: made.key, tier: made.tier, created: true };
      })
      .immediate();
  }
}
