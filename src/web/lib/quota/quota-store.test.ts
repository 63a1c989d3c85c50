import { describe, expect, it } from 'vitest';
import { EMPTY_QUOTA, nextQuota } from './quota-store';

const NO_HEADERS = { limit: null, remaining: null, resetSeconds: null, retryAfterSeconds: null };
const NOW = Date.parse('2026-11-15T12:00:00Z');

describe('nextQuota', () => {
  it('takes tier and remaining from meta and the limit and reset from the RateLimit headers', () => {
    const quota = nextQuota(EMPTY_QUOTA, {
      meta: { tier: 'pro', remaining: 49_990, generated: '2026-11-15T12:00:00.000Z' },
      rateLimit: { limit: 50_000, remaining: 49_990, resetSeconds: 86_400, retryAfterSeconds: null },
      spent: true,
      now: NOW,
    });
    expect(quota).toEqual({
      tier: 'pro',
      remaining: 49_990,
      limit: 50_000,
      resetAt: '2026-11-16T12:00:00.000Z',
      observedAt: '2026-11-15T12:00:00.000Z',
      callsThisSession: 1,
    });
  });

  it('counts only the calls that spent quota, and keeps what an error answer does not say', () => {
    const afterCall = nextQuota(EMPTY_QUOTA, {
      meta: { tier: 'free', remaining: 10, generated: '2026-11-15T12:00:00.000Z' },
      rateLimit: { ...NO_HEADERS, limit: 1000 },
      spent: true,
      now: NOW,
    });
    const afterError = nextQuota(afterCall, { meta: null, rateLimit: NO_HEADERS, spent: false, now: NOW });
    expect(afterError.callsThisSession).toBe(1);
    expect(afterError.tier).toBe('free');
    expect(afterError.remaining).toBe(10);
    expect(afterError.limit).toBe(1000);
  });

  it('reads a spent quota from a 429 (no meta): remaining from the header, reset from Retry-After', () => {
    const quota = nextQuota(EMPTY_QUOTA, {
      meta: null,
      rateLimit: { ...NO_HEADERS, remaining: 0, retryAfterSeconds: 3600 },
      spent: false,
      now: NOW,
    });
    expect(quota.remaining).toBe(0);
    expect(quota.resetAt).toBe('2026-11-15T13:00:00.000Z');
    expect(quota.callsThisSession).toBe(0);
  });
});
