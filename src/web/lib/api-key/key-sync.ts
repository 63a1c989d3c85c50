import { isWellFormedApiKey } from '../../../contract/api-key';
import type { StoredKey } from './key-storage';

/**
 * The key shared by every tab of this browser (docs/dashboard.md, "Key storage"): a tab that opens
 * without a key asks the others over a BroadcastChannel (same origin only, never the network) and
 * keeps the answer in its own sessionStorage; a key saved or forgotten in one tab is saved or
 * forgotten in all. With no other tab open, a key kept for the session is gone (sessionStorage);
 * one kept "after the browser closes" is read from localStorage by every tab.
 */
export const KEY_CHANNEL_NAME = 'slab.apiKey';

export type KeyMessage = { type: 'ask' } | { type: 'key'; stored: StoredKey } | { type: 'forget' };

/** A message from another tab, checked: only a well-formed key is ever taken from one. */
export function readKeyMessage(data: unknown): KeyMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; stored?: Partial<StoredKey> };
  if (message.type === 'ask' || message.type === 'forget') return { type: message.type };
  if (message.type !== 'key' || typeof message.stored !== 'object' || message.stored === null) return null;
  const { key, remembered, expiresAt } = message.stored;
  if (typeof key !== 'string' || !isWellFormedApiKey(key)) return null;
  const stored: StoredKey = { key, remembered: remembered === true };
  if (typeof expiresAt === 'string' && !Number.isNaN(Date.parse(expiresAt))) stored.expiresAt = expiresAt;
  return { type: 'key', stored };
}

export interface KeySyncHooks {
  current: () => StoredKey | null;
  /** Another tab saved a key (or answered this tab's question): keep it here too. */
  adopt: (stored: StoredKey) => void;
  /** Another tab forgot the key. */
  forget: () => void;
}

export interface KeySync {
  /** Tell the other tabs about a key saved or forgotten here. */
  announce: (stored: StoredKey | null) => void;
  close: () => void;
}

/** Starts sharing the key with the other tabs; asks them for theirs when this tab has none. */
export function startKeySync(hooks: KeySyncHooks): KeySync | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(KEY_CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent) => {
    const message = readKeyMessage(event.data);
    if (message === null) return;
    if (message.type === 'ask') {
      const stored = hooks.current();
      if (stored !== null) channel.postMessage({ type: 'key', stored } satisfies KeyMessage);
    } else if (message.type === 'key') {
      const current = hooks.current();
      if (current?.key !== message.stored.key || current.remembered !== message.stored.remembered)
        hooks.adopt(message.stored);
    } else if (hooks.current() !== null) hooks.forget();
  };
  if (hooks.current() === null) channel.postMessage({ type: 'ask' } satisfies KeyMessage);
  return {
    announce: (stored) =>
      channel.postMessage(
        (stored === null ? { type: 'forget' } : { type: 'key', stored }) satisfies KeyMessage,
      ),
    close: () => channel.close(),
  };
}
