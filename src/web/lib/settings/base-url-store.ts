import { z } from 'zod/mini';
import { env } from '../../env';
import { createStore, useStore } from '../external-store';

/**
 * The API base URL: '' (same origin, the bundled server) unless the user points the dashboard at
 * another server in Settings. Not a secret, so it is remembered in localStorage. zod/mini: this
 * runs before first paint, where classic zod is not loaded.
 */
const STORAGE_NAME = 'slab.baseUrl';

export const BaseUrlSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((url: string) => url.replace(/\/+$/, '')),
  ),
  z.union([
    z.literal(''),
    z.url({
      protocol: /^https?$/,
      error: 'Enter an http(s) address such as https://api.example.com, or leave it empty for this site.',
    }),
  ]),
);

function readSaved(): string {
  try {
    const parsed = BaseUrlSchema.safeParse(globalThis.localStorage?.getItem(STORAGE_NAME) ?? undefined);
    return parsed.success ? parsed.data : env.VITE_SLAB_API_BASE_URL;
  } catch {
    return env.VITE_SLAB_API_BASE_URL;
  }
}

export const baseUrlStore = createStore<string>(readSaved());

export function setBaseUrl(url: string): void {
  const parsed = BaseUrlSchema.parse(url);
  try {
    if (parsed === env.VITE_SLAB_API_BASE_URL) globalThis.localStorage?.removeItem(STORAGE_NAME);
    else globalThis.localStorage?.setItem(STORAGE_NAME, parsed);
  } catch {
    // Storage blocked: the setting lasts for this page view.
  }
  baseUrlStore.set(parsed);
}

export const useBaseUrl = (): string => useStore(baseUrlStore);
