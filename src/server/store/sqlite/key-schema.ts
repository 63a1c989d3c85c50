import type { Migration } from '../migrations';

/**
 * API keys (stored only as SHA-256 hashes) and their monthly usage. Read and written by the key book (sqlite-keys.ts) and the usage meter.
 *
 * `key_usage.used` counts the successful (2xx) data responses of a key in a UTC calendar month
 * (`month` = `YYYY-MM`). `app_settings` holds the few facts the server keeps about itself, such as
 * the demo key of demo mode (docs/api.md, "Demo mode").
 */
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
  {
    id: '101-app-settings',
    sql: `
      CREATE TABLE app_settings (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );
    `,
  },
  {
    // Personal demo keys (decisions.md, "Demo keys") stop working at expires_at; other keys have none.
    id: '102-key-expiry',
    sql: `
      ALTER TABLE api_keys ADD COLUMN expires_at TEXT;
      CREATE INDEX api_keys_expiring ON api_keys (expires_at) WHERE expires_at IS NOT NULL;
    `,
  },
  {
    // GET /v1/usage (decisions.md, "Usage"): the spent calls of key_usage by UTC day and operation,
    // written in the same transaction as key_usage.used (counted from this migration on).
    id: '103-key-usage-daily',
    sql: `
      CREATE TABLE key_usage_daily (
        key_id TEXT NOT NULL REFERENCES api_keys(id),
        day TEXT NOT NULL,
        operation TEXT NOT NULL,
        calls INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, day, operation)
      );
    `,
  },
];
