import { createStore, useStore } from '../external-store';
import { clearQuota } from '../quota/quota-store';
import { forgetKey, readStoredKey, type StoredKey, saveKey } from './key-storage';

/**
 * The key in memory, mirrored to storage by key-storage.ts, plus whether the key dialog is open
 * (any component — an error panel, the header — can open it without knowing where it lives).
 */
export const keyStore = createStore<StoredKey | null>(readStoredKey());
export const keyDialogStore = createStore<boolean>(false);

export function useApiKey(): StoredKey | null {
  return useStore(keyStore);
}

export function setApiKey(stored: StoredKey): void {
  saveKey(stored);
  // The quota meter describes a key: another key starts blank until its first answer.
  if (keyStore.get()?.key !== stored.key) clearQuota();
  keyStore.set(stored);
}

export function clearApiKey(): void {
  forgetKey();
  clearQuota();
  keyStore.set(null);
}

export const openKeyDialog = (): void => keyDialogStore.set(true);
export const closeKeyDialog = (): void => keyDialogStore.set(false);
export const useKeyDialogOpen = (): boolean => useStore(keyDialogStore);
