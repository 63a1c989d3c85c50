import { describe, expect, it } from 'vitest';
import { readRateLimit } from './rate-limit-headers';

describe('readRateLimit', () => {
  it('reads the structured IETF draft headers', () => {
    const headers = new Headers({
      'RateLimit-Policy': '"monthly";q=1000;w=2592000',
      RateLimit: '"monthly";r=998;t=864000',
    });
    expect(readRateLimit(headers)).toEqual({
      limit: 1000,
      remaining: 998,
      resetSeconds: 864_000,
      retryAfterSeconds: null,
    });
  });

  it('falls back to the split headers and reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-30T23:00:00Z');
    const headers = new Headers({
      'RateLimit-Limit': '50000',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '3600',
      'Retry-After': 'Tue, 01 Dec 2026 00:00:00 GMT',
    });
    expect(readRateLimit(headers, now)).toEqual({
      limit: 50_000,
      remaining: 0,
      resetSeconds: 3600,
      retryAfterSeconds: 3600,
    });
  });

  it('gives nulls when a server sends no rate-limit headers', () => {
    expect(readRateLimit(new Headers())).toEqual({
      limit: null,
      remaining: null,
      resetSeconds: null,
      retryAfterSeconds: null,
    });
  });
});
