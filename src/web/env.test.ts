import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults to the same origin and trims a trailing slash from a configured base URL', () => {
    expect(parseEnv({}).VITE_SLAB_API_BASE_URL).toBe('');
    expect(parseEnv({ VITE_SLAB_API_BASE_URL: 'https://api.example.com/' }).VITE_SLAB_API_BASE_URL).toBe(
      'https://api.example.com',
    );
  });

  it('refuses a base URL that is not http(s), naming the variable', () => {
    expect(() => parseEnv({ VITE_SLAB_API_BASE_URL: 'ftp://example.com' })).toThrow(/VITE_SLAB_API_BASE_URL/);
    expect(() => parseEnv({ VITE_SLAB_API_BASE_URL: 'not a url' })).toThrow(/VITE_SLAB_API_BASE_URL/);
  });
});
