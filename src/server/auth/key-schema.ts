import type { Migration } from '../store/migrations';

/** API keys (stored only as SHA-256 hashes) and their monthly usage. Owned by the HTTP layer. */
export const KEY_MIGRATIONS: Migration[] = [
  {
    id: '100-keys',
    sql: `
      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        key_hash TEXT NOT NULL UNIQUE,
        tier TEXT NOT NULL CHECK (tier IN ('free', 'pro', 'business')),
        label TEXT,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE TABLE key_usage (
        key_id TEXT NOT NULL REFERENCES api_keys(id),
        month TEXT NOT NULL,
        used INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, month)
      );
    `,
  },
];
