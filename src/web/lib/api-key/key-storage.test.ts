import { beforeEach, describe, expect, it } from 'vitest';
import { forgetKey, KEY_EXPIRY_STORAGE_NAME, KEY_STORAGE_NAME, readStoredKey, saveKey } from './key-storage';

const KEY = `slab_live_${'0123456789abcdef'.repeat(3)}`;
const OTHER = `slab_live_${'f'.repeat(48)}`;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('key storage', () => {
  it('keeps the key in sessionStorage only, by default', () => {
    saveKey({ key: KEY, remembered: false });
    expect(sessionStorage.getItem(KEY_STORAGE_NAME)).toBe(KEY);
    expect(localStorage.getItem(KEY_STORAGE_NAME)).toBeNull();
    expect(readStoredKey()).toEqual({ key: KEY, remembered: false });
  });

  it('uses localStorage only with "Remember on this device", and moving back removes it there', () => {
    saveKey({ key: KEY, remembered: true });
    expect(localStorage.getItem(KEY_STORAGE_NAME)).toBe(KEY);
    expect(sessionStorage.getItem(KEY_STORAGE_NAME)).toBeNull();
    expect(readStoredKey()).toEqual({ key: KEY, remembered: true });

    saveKey({ key: OTHER, remembered: false });
    expect(localStorage.getItem(KEY_STORAGE_NAME)).toBeNull();
    expect(readStoredKey()).toEqual({ key: OTHER, remembered: false });
  });

  it('"Forget key" removes it from both storages', () => {
    sessionStorage.setItem(KEY_STORAGE_NAME, KEY);
    localStorage.setItem(KEY_STORAGE_NAME, OTHER);
    forgetKey();
    expect(sessionStorage.getItem(KEY_STORAGE_NAME)).toBeNull();
    expect(localStorage.getItem(KEY_STORAGE_NAME)).toBeNull();
    expect(readStoredKey()).toBeNull();
  });

  it('refuses to store a malformed key and ignores one found in storage', () => {
    expect(() => saveKey({ key: 'slab_live_NOT-HEX', remembered: false })).toThrow(/malformed/);
    expect(sessionStorage.length).toBe(0);
    localStorage.setItem(KEY_STORAGE_NAME, 'slab_live_short');
    expect(readStoredKey()).toBeNull();
  });
});

describe('key expiry (minted demo keys)', () => {
  const storages = () => ({ session: sessionStorage, local: localStorage });

  it('keeps the expiry beside the key, in the same storage, and reads it back', () => {
    saveKey({ key: KEY, remembered: false, expiresAt: '2026-12-01T00:00:00.000Z' });
    expect(sessionStorage.getItem(KEY_EXPIRY_STORAGE_NAME)).toBe('2026-12-01T00:00:00.000Z');
    expect(localStorage.getItem(KEY_EXPIRY_STORAGE_NAME)).toBeNull();
    expect(readStoredKey(storages(), Date.parse('2026-11-30T00:00:00Z'))).toEqual({
      key: KEY,
      remembered: false,
      expiresAt: '2026-12-01T00:00:00.000Z',
    });
  });

  it('forgets a key whose expiry has passed, from both storages', () => {
    saveKey({ key: KEY, remembered: true, expiresAt: '2026-12-01T00:00:00.000Z' });
    expect(readStoredKey(storages(), Date.parse('2026-12-01T00:00:01Z'))).toBeNull();
    expect(localStorage.getItem(KEY_STORAGE_NAME)).toBeNull();
    expect(localStorage.getItem(KEY_EXPIRY_STORAGE_NAME)).toBeNull();
  });

  it('a typed key without expiry drops the expiry of the key it replaces', () => {
    saveKey({ key: KEY, remembered: false, expiresAt: '2026-12-01T00:00:00.000Z' });
    saveKey({ key: OTHER, remembered: false });
    expect(readStoredKey(storages(), Date.parse('2027-01-01T00:00:00Z'))).toEqual({
      key: OTHER,
      remembered: false,
    });
  });
});
