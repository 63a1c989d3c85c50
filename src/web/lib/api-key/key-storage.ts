import { isWellFormedApiKey } from '../../../contract/api-key';

/**
 * Where the API key lives in the browser (docs/dashboard.md, "Key storage"):
 * - sessionStorage by default: gone when the tab closes;
 * - localStorage only when the user ticks "Remember on this device";
 * - never in a URL, the query cache (IndexedDB), a log or an error report.
 * `forgetKey` removes it from both. A stored value that is not a well-formed key is ignored.
 */
export const KEY_STORAGE_NAME = 'slab.apiKey';

export interface StoredKey {
  key: string;
  remembered: boolean;
}

export interface KeyStorages {
  session: Storage | undefined;
  local: Storage | undefined;
}

const browserStorages = (): KeyStorages => ({
  session: safe(() => globalThis.sessionStorage),
  local: safe(() => globalThis.localStorage),
});

export function readStoredKey(storages: KeyStorages = browserStorages()): StoredKey | null {
  const session = safe(() => storages.session?.getItem(KEY_STORAGE_NAME));
  if (session && isWellFormedApiKey(session)) return { key: session, remembered: false };
  const local = safe(() => storages.local?.getItem(KEY_STORAGE_NAME));
  if (local && isWellFormedApiKey(local)) return { key: local, remembered: true };
  return null;
}

/** Throws on a malformed key: callers check the format first and show the hint. */
export function saveKey(stored: StoredKey, storages: KeyStorages = browserStorages()): void {
  if (!isWellFormedApiKey(stored.key)) throw new Error('Refusing to store a malformed API key.');
  forgetKey(storages);
  const target = stored.remembered ? storages.local : storages.session;
  target?.setItem(KEY_STORAGE_NAME, stored.key);
}

export function forgetKey(storages: KeyStorages = browserStorages()): void {
  safe(() => storages.session?.removeItem(KEY_STORAGE_NAME));
  safe(() => storages.local?.removeItem(KEY_STORAGE_NAME));
}

function safe<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed iframe)
  }
}
