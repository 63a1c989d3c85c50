import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_KEY_PREFIX } from '../../contract/api-key';
import type { Tier } from './tiers';

/** What the server knows of a key once it has been found: never the key itself. */
export interface KeyRecord {
  id: string;
  tier: Tier;
  /** When the key stops working (epoch ms): a personal demo key; null for every other key. */
  expiresAtMs: number | null;
}

export interface KeyListing {
  id: string;
  label: string | null;
  tier: Tier;
  created_at: string;
  revoked_at: string | null;
  expires_at: string | null;
  /** Calls spent in the current UTC month, as last written to the store. */
  used_this_month: number;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

export const generateApiKey = (): string => `${API_KEY_PREFIX}${randomBytes(24).toString('hex')}`;

/**
 * A new key and the api_keys row that stands for it (id, key_hash, tier, label, created_at,
 * expires_at), for either store: the raw key goes back to the caller once and is never stored.
 */
export function newKeyRow(
  tier: Tier,
  label: string | null,
  now: Date,
  expiresAt: Date | null,
): { key: string; id: string; row: [string, string, Tier, string | null, string, string | null] } {
  const key = generateApiKey();
  const id = `key_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  return {
    key,
    id,
    row: [id, hashApiKey(key), tier, label, now.toISOString(), expiresAt?.toISOString() ?? null],
  };
}
