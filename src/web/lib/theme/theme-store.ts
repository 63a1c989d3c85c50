import { useSyncExternalStore } from 'react';
import { createStore, useStore } from '../external-store';

/**
 * Light/dark theme: 'system' follows the OS (prefers-color-scheme); 'light' or 'dark' is the
 * user's explicit choice, remembered in localStorage and applied as <html data-theme>.
 * tokens.css does the rest.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
const STORAGE_NAME = 'slab.theme';

function readSaved(): ThemeChoice {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_NAME);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

export const themeStore = createStore<ThemeChoice>(readSaved());

export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') globalThis.localStorage?.removeItem(STORAGE_NAME);
    else globalThis.localStorage?.setItem(STORAGE_NAME, choice);
  } catch {
    // Storage blocked: the choice lasts for this page view.
  }
  themeStore.set(choice);
  applyTheme(choice);
}

export const useThemeChoice = (): ThemeChoice => useStore(themeStore);

/** The theme actually shown: the explicit choice, or the OS preference. */
export function systemPrefersDark(): boolean {
  return globalThis.matchMedia?.(DARK_QUERY).matches ?? false;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribeToSystemTheme(listener: () => void): () => void {
  const media = globalThis.matchMedia?.(DARK_QUERY);
  media?.addEventListener('change', listener);
  return () => media?.removeEventListener('change', listener);
}

/** True when the page is dark now, whether by choice or by following the OS. */
export function useIsDark(): boolean {
  const choice = useThemeChoice();
  const systemDark = useSyncExternalStore(subscribeToSystemTheme, systemPrefersDark, () => false);
  return choice === 'dark' || (choice === 'system' && systemDark);
}
