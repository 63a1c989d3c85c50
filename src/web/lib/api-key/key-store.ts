import { createStore, useStore } from '../external-store';
import { clearQuota } from '../quota/quota-store';
import { forgetKey, readStoredKey, type StoredKey, saveKey } from './key-storage';
import { type KeySync, startKeySync } from './key-sync';

/**
 * The key in memory, mirrored to storage by key-storage.ts and to the other tabs by key-sync.ts,
 * plus whether the key dialog is open (any component — an error panel, the header — can open it
 * without knowing where it lives) and whether the key is shown in full in this tab.
 */
export const keyStore = createStore<StoredKey | null>(readStoredKey());
export const keyDialogStore = createStore<boolean>(false);
/** The key shown in full (and used in the code to copy) rather than masked: this tab, until hidden. */
export const keyRevealedStore = createStore<boolean>(false);

export function useApiKey(): StoredKey | null {
  return useStore(keyStore);
}

export const useKeyRevealed = (): boolean => useStore(keyRevealedStore);
export const setKeyRevealed = (revealed: boolean): void => keyRevealedStore.set(revealed);

/** Keeps the key here, in storage and memory, without telling the other tabs. */
function keep(stored: StoredKey): void {
  saveKey(stored);
  // The quota meter describes a key: another key starts blank until its first answer.
  if (keyStore.get()?.key !== stored.key) {
    clearQuota();
    keyRevealedStore.set(false);
  }
  keyStore.set(stored);
}

function drop(): void {
  forgetKey();
  clearQuota();
  keyRevealedStore.set(false);
  keyStore.set(null);
}

let sync: KeySync | null | undefined;

/** Shares the key with the other tabs of this browser (called once, at start). */
export function startSharingKey(): void {
  sync ??= startKeySync({ current: keyStore.get, adopt: keep, forget: drop });
}

export function setApiKey(stored: StoredKey): void {
  keep(stored);
  sync?.announce(stored);
}

export function clearApiKey(): void {
  drop();
  sync?.announce(null);
}

export const openKeyDialog = (): void => keyDialogStore.set(true);
export const closeKeyDialog = (): void => keyDialogStore.set(false);
export const useKeyDialogOpen = (): boolean => useStore(keyDialogStore);
