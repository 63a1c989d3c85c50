import { afterEach, describe, expect, it } from 'vitest';
import type { StoredKey } from './key-storage';
import { type KeySync, readKeyMessage, startKeySync } from './key-sync';

const KEY = `slab_live_${'0123456789abcdef'.repeat(3)}`;
const OTHER = `slab_live_${'e'.repeat(48)}`;

/** A tab: its key in memory, and the sync that shares it. */
function tab(initial: StoredKey | null) {
  let current = initial;
  const sync = startKeySync({
    current: () => current,
    adopt: (stored) => {
      current = stored;
    },
    forget: () => {
      current = null;
    },
  }) as KeySync;
  return {
    sync,
    key: () => current,
    set(stored: StoredKey | null) {
      current = stored;
      sync.announce(stored);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const tabs: ReturnType<typeof tab>[] = [];
const open = (initial: StoredKey | null) => {
  const made = tab(initial);
  tabs.push(made);
  return made;
};

afterEach(() => {
  for (const made of tabs.splice(0)) made.sync.close();
});

describe('key sync between tabs', () => {
  it('a new tab without a key gets the key of an open tab', async () => {
    const first = open({ key: KEY, remembered: false, expiresAt: '2026-12-01T00:00:00.000Z' });
    const second = open(null);
    await settle();
    expect(second.key()).toEqual({ key: KEY, remembered: false, expiresAt: '2026-12-01T00:00:00.000Z' });
    expect(first.key()?.key).toBe(KEY);
  });

  it('a key saved or forgotten in one tab is saved or forgotten in the others', async () => {
    const first = open({ key: KEY, remembered: false });
    const second = open({ key: KEY, remembered: false });
    first.set({ key: OTHER, remembered: true });
    await settle();
    expect(second.key()).toEqual({ key: OTHER, remembered: true });
    second.set(null);
    await settle();
    expect(first.key()).toBeNull();
  });

  it('takes only a well-formed key from a message', () => {
    expect(readKeyMessage({ type: 'key', stored: { key: 'slab_live_short', remembered: true } })).toBeNull();
    expect(readKeyMessage({ type: 'key', stored: { key: KEY, remembered: 'yes' } })).toEqual({
      type: 'key',
      stored: { key: KEY, remembered: false },
    });
    expect(readKeyMessage('ask')).toBeNull();
    expect(readKeyMessage({ type: 'forget' })).toEqual({ type: 'forget' });
  });
});
