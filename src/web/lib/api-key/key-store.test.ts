import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_QUOTA, quotaStore, recordQuota } from '../quota/quota-store';
import { KEY_STORAGE_NAME } from './key-storage';
import { clearApiKey, keyStore, setApiKey } from './key-store';

const PRO = `slab_live_${'a'.repeat(48)}`;
const FREE = `slab_live_${'b'.repeat(48)}`;
const NO_HEADERS = { limit: null, remaining: null, resetSeconds: null, retryAfterSeconds: null };

function answerAs(tier: string, remaining: number) {
  recordQuota({
    meta: { tier, remaining, generated: '2026-11-15T10:00:00Z' },
    rateLimit: NO_HEADERS,
    spent: true,
  });
}

beforeEach(() => {
  clearApiKey();
  sessionStorage.clear();
  localStorage.clear();
});

describe('key store', () => {
  it('keeps the quota when the same key is saved again (say, to remember it), and blanks it for another key', () => {
    setApiKey({ key: PRO, remembered: false });
    answerAs('pro', 49_000);
    setApiKey({ key: PRO, remembered: true });
    expect(quotaStore.get().tier).toBe('pro');
    expect(localStorage.getItem(KEY_STORAGE_NAME)).toBe(PRO);

    setApiKey({ key: FREE, remembered: false });
    expect(quotaStore.get()).toEqual(EMPTY_QUOTA);
    expect(keyStore.get()).toEqual({ key: FREE, remembered: false });
  });

  it('"Forget key" clears the key from memory and storage, and the quota with it', () => {
    setApiKey({ key: PRO, remembered: true });
    answerAs('pro', 10);
    clearApiKey();
    expect(keyStore.get()).toBeNull();
    expect(localStorage.getItem(KEY_STORAGE_NAME)).toBeNull();
    expect(quotaStore.get()).toEqual(EMPTY_QUOTA);
  });
});
