import { isWellFormedApiKey } from '../../../contract/api-key';

/**
 * Where the API key lives in the browser (docs/dashboard.md, "Key storage"):
 * - sessionStorage by default: gone when the tab closes;
 * - localStorage only when the user ticks "Remember on this device";
 * - never in a URL, the query cache (IndexedDB), a log or an error report.
 * `forgetKey` removes it from both. A stored value that is not a well-formed key is ignored.
 */
export const KEY_STORAGE_NAME = 'slab.apiKey';
/** When the key stops working (a minted demo key's `expires_at`), kept beside it in the same storage. */
export const KEY_EXPIRY_STORAGE_NAME = 'slab.apiKeyExpiresAt';

export interface StoredKey {
  key: string;
  remembered: boolean;
  /** ISO date-time after which the server refuses the key (demo keys); absent for a key without one. */
  expiresAt?: string;
}

export interface KeyStorages {
  session: Storage | undefined;
  local: Storage | undefined;
}

const browserStorages = (): KeyStorages => ({
  session: safe(() => globalThis.sessionStorage),
  local: safe(() => globalThis.localStorage),
});

/**
 * The stored key, or null. A key whose stored expiry has passed is forgotten: the server would refuse
 * it, and the visitor gets the front door (and "Try it now") again instead of a 401 on every page.
 */
export function readStoredKey(
  storages: KeyStorages = browserStorages(),
  now: number = Date.now(),
): StoredKey | null {
  const found = readFrom(storages.session, false) ?? readFrom(storages.local, true);
  if (found?.expiresAt !== undefined && Date.parse(found.expiresAt) <= now) {
    forgetKey(storages);
    return null;
  }
  return found;
}

function readFrom(storage: Storage | undefined, remembered: boolean): StoredKey | null {
  const key = safe(() => storage?.getItem(KEY_STORAGE_NAME));
  if (!key || !isWellFormedApiKey(key)) return null;
  const expiresAt = safe(() => storage?.getItem(KEY_EXPIRY_STORAGE_NAME));
  return expiresAt && !Number.isNaN(Date.parse(expiresAt))
    ? { key, remembered, expiresAt }
    : { key, remembered };
}

/** Throws on a malformed key: callers check the format first and show the hint. */
export function saveKey(stored: StoredKey, storages: KeyStorages = browserStorages()): void {
  if (!isWellFormedApiKey(stored.key)) throw new Error('Refusing to store a malformed API key.');
  forgetKey(storages);
  const target = stored.remembered ? storages.local : storages.session;
  target?.setItem(KEY_STORAGE_NAME, stored.key);
  if (stored.expiresAt !== undefined) target?.setItem(KEY_EXPIRY_STORAGE_NAME, stored.expiresAt);
}

export function forgetKey(storages: KeyStorages = browserStorages()): void {
  safe(() => storages.session?.removeItem(KEY_STORAGE_NAME));
  safe(() => storages.local?.removeItem(KEY_STORAGE_NAME));
  safe(() => storages.session?.removeItem(KEY_EXPIRY_STORAGE_NAME));
  safe(() => storages.local?.removeItem(KEY_EXPIRY_STORAGE_NAME));
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed iframe)
  }
}
