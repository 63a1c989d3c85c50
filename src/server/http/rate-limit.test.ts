import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../analytics/operations';
import { DEFAULT_RATE_LIMITS, parseRateLimits, RateLimiter } from '../auth/rate-limiter';
import { loadConfig } from '../config';
import { createSeededStore, createTestApp, type SeededStore, type TestApp } from './testing/seeded-store';

/**
 * The per-key rate limit (docs/api.md, "Rate limit"): token buckets per key, free 20/s in bursts of
 * 100, pro 50/250, business 200/1,000. The app's clock is injected and moved by hand: no sleeping.
 */
let store: SeededStore;
let clock: number;
let api: TestApp;

beforeAll(() => {
  store = createSeededStore();
  clock = Date.parse('2026-11-20T12:00:00.000Z');
  api = createTestApp(store, { now: () => new Date(clock) });
});
afterAll(() => store.cleanup());

const remainingOf = async (response: Response): Promise<number> => (await response.json()).meta.remaining;

/** `n` requests of one key at the same instant (in parallel), their statuses. */
const burst = async (app: TestApp, path: string, key: string, n: number) =>
  (await Promise.all(Array.from({ length: n }, () => app.get(path, key)))).map((r) => r.status);

describe('rate limit per key', () => {
  it('a free key: a burst of 100 in one instant passes, the 101st is 429 rate_limited with Retry-After, spending nothing', async () => {
    const key = await api.newKey('free');
    const statuses = await burst(api, '/v1/floor', key, 100);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const refused = await api.get('/v1/floor', key);
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.error).toBe('rate_limited');
    expect(body.hint).toContain('20 a second');
    expect(body.hint).toContain('bursts of up to 100');
    expect(body.hint).toContain('Retry in 1 second (Retry-After)');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('private, no-cache');
    // The monthly quota is untouched by the 429: 100 calls spent, 900 left.
    expect(refused.headers.get('ratelimit')).toContain('r=900;');

    // 50 ms later one token (20 a second) is back: one 200, then 429 again.
    clock += 50;
    const next = await api.get('/v1/floor', key);
    expect(next.status).toBe(200);
    expect(await remainingOf(next)).toBe(899);
    expect((await api.get('/v1/floor', key)).status).toBe(429);
  });

  it('tokens refill over time, up to the burst and no more', async () => {
    const key = await api.newKey('free');
    expect((await burst(api, '/v1/movers', key, 101)).filter((s) => s === 429)).toHaveLength(1);
    clock += 1_000; // 20 tokens
    const second = await burst(api, '/v1/movers', key, 21);
    expect(second.filter((s) => s === 200)).toHaveLength(20);
    expect(second.filter((s) => s === 429)).toHaveLength(1);
    clock += 60_000; // far more than the burst: back to 100, not 1,200
    const third = await burst(api, '/v1/movers', key, 101);
    expect(third.filter((s) => s === 200)).toHaveLength(100);
    expect(third.filter((s) => s === 429)).toHaveLength(1);
    clock += 1_000;
  });

  it('Retry-After is in whole seconds, rounded up, and the tier sets the limits', async () => {
    const limiter = new RateLimiter({
      free: { perSecond: 0.25, burst: 1 },
      pro: DEFAULT_RATE_LIMITS.pro,
      business: DEFAULT_RATE_LIMITS.business,
    });
    expect(limiter.take('a', 'free', 0)).toBe(0);
    expect(limiter.take('a', 'free', 0)).toBe(4_000);
    expect(limiter.take('a', 'free', 1_000)).toBe(3_000);
    const slow = createTestApp(store, {
      now: () => new Date(clock),
      config: {
        SLAB_DEMO: false,
        SLAB_WEB_DIST: '/nonexistent',
        SLAB_RATE_LIMITS: parseLimits('free=0.3/1'),
      },
    });
    const key = await slow.newKey('free');
    expect((await slow.get('/v1/floor', key)).status).toBe(200);
    const refused = await slow.get('/v1/floor', key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('4'); // 3.33 s, rounded up
    expect((await refused.json()).hint).toContain('Retry in 4 seconds');

    for (const [tier, burstSize] of [
      ['pro', 250],
      ['business', 1_000],
    ] as const) {
      const tiered = await api.newKey(tier);
      const statuses = await burst(api, '/v1/floor', tiered, burstSize + 1);
      expect(
        statuses.filter((s) => s === 200),
        tier,
      ).toHaveLength(burstSize);
      expect(
        statuses.filter((s) => s === 429),
        tier,
      ).toHaveLength(1);
    }
  });

  it('stops a no_match flood (and 400s, 304s, HEADs take tokens too); a typo no_match spends no quota', async () => {
    const key = await api.newKey('free');
    const floods = await burst(api, '/v1/value?q=zzzzqqqqxxxx', key, 60);
    expect(floods.every((status) => status === 404)).toBe(true);
    const bad = await burst(api, '/v1/index?from=yesterday', key, 20);
    expect(bad.every((status) => status === 400)).toBe(true);
    const ok = await api.get('/v1/floor', key);
    expect(ok.status).toBe(200);
    const etag = ok.headers.get('etag') as string;
    for (let i = 0; i < 10; i++)
      expect((await api.get('/v1/floor', key, { 'if-none-match': etag })).status).toBe(304);
    for (let i = 0; i < 9; i++)
      expect((await api.request('/v1/floor', { method: 'HEAD', headers: { 'x-api-key': key } })).status).toBe(
        200,
      );
    // 60 + 20 + 1 + 10 + 9 = 100 tokens: the next no_match is refused.
    const refused = await api.get('/v1/value?q=zzzzqqqqxxxx', key);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe('rate_limited');
    clock += 1_000;
    // Only the one GET 200 and the nine HEADs spent a call (the no_match matched no card).
    expect(await remainingOf(await api.get('/v1/floor', key))).toBe(989);
  });

  it('other keys are unaffected by one key’s empty bucket', async () => {
    const flooder = await api.newKey('free');
    const other = await api.newKey('free');
    await burst(api, '/v1/floor', flooder, 100);
    expect((await api.get('/v1/floor', flooder)).status).toBe(429);
    const statuses = await burst(api, '/v1/floor', other, 100);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('requests without a valid key are 401s, never 429s: no bucket is made for them', async () => {
    for (let i = 0; i < 120; i++) expect((await api.get('/v1/floor')).status).toBe(401);
  });

  it('SLAB_RATE_LIMITS=off turns it off', async () => {
    const free = createTestApp(store, {
      now: () => new Date(clock),
      config: { SLAB_DEMO: false, SLAB_WEB_DIST: '/nonexistent', SLAB_RATE_LIMITS: null },
    });
    const key = await free.newKey('free');
    expect((await burst(free, '/v1/floor', key, 150)).every((status) => status === 200)).toBe(true);
  });
});

describe('the bucket store', () => {
  it('drops buckets that have refilled (they are the same as none), and stays under its bound', () => {
    const limiter = new RateLimiter(DEFAULT_RATE_LIMITS, { sweepEveryMs: 1_000, maxBuckets: 50 });
    for (let i = 0; i < 40; i++) limiter.take(`k${i}`, 'free', 0);
    expect(limiter.size).toBe(40);
    // 5 s later every free bucket is full again (one token taken, 20 a second): the next new key sweeps.
    limiter.take('late', 'free', 5_000);
    expect(limiter.size).toBe(1);
    for (let i = 0; i < 200; i++) limiter.take(`busy${i}`, 'business', 5_000);
    expect(limiter.size).toBeLessThanOrEqual(50);
  });
});

describe('SLAB_RATE_LIMITS', () => {
  it('reads tier=perSecond/burst items, off, or nothing (the defaults); anything else is refused', () => {
    expect(loadConfig({}).SLAB_RATE_LIMITS).toEqual(DEFAULT_RATE_LIMITS);
    expect(loadConfig({ SLAB_RATE_LIMITS: 'off' }).SLAB_RATE_LIMITS).toBeNull();
    expect(loadConfig({ SLAB_RATE_LIMITS: 'free=5/10, business=1000/5000' }).SLAB_RATE_LIMITS).toEqual({
      free: { perSecond: 5, burst: 10 },
      pro: DEFAULT_RATE_LIMITS.pro,
      business: { perSecond: 1000, burst: 5000 },
    });
    for (const bad of ['free=20', 'gold=1/2', 'free=0/10', 'free=1/0', 'free=-1/5', 'on']) {
      expect(() => loadConfig({ SLAB_RATE_LIMITS: bad }), bad).toThrow(/SLAB_RATE_LIMITS/);
    }
  });
});

function parseLimits(text: string) {
  const limits = parseRateLimits(text);
  if (typeof limits === 'string') throw new Error(limits);
  return limits;
}

describe('compute budget per key (issue 29)', () => {
  /** Holds the event loop for `ms`, as an expensive answer would. */
  const busy = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {}
  };
  const tight = { perSecond: 10, burst: 100 };

  it('a key whose answers took its budget of server time is refused (429) until the budget grows back', async () => {
    let at = Date.parse('2026-11-20T12:00:00.000Z');
    const slow = createTestApp(store, {
      now: () => new Date(at),
      config: {
        SLAB_DEMO: false,
        SLAB_WEB_DIST: '/nonexistent',
        SLAB_COMPUTE_LIMITS: { free: tight, pro: tight, business: tight },
      },
      operations: {
        ...OPERATIONS,
        value: async (ctx, params) => {
          busy(150);
          return OPERATIONS.value(ctx, params);
        },
      },
    });
    const key = await slow.newKey('free');
    const other = await slow.newKey('free');
    // the first q-driven answer loads the sale columns: not this key's time
    expect((await slow.get('/v1/value?q=charizard&min_price=99', await slow.newKey('free'))).status).toBe(
      200,
    );
    // 100 ms of budget, 150 ms (or more) an answer: the first is let in and takes it below zero
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++)
      statuses.push((await slow.get(`/v1/value?q=charizard&min_price=${n}`, key)).status);
    expect(statuses).toEqual([200, 429, 429]);
    const refused = await slow.get('/v1/value?q=charizard&min_price=9', key);
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.error).toBe('rate_limited');
    expect(body.hint).toMatch(/share of server time: 10 ms a second, in bursts of up to 100 ms/);
    // -50 ms left or less, growing 10 ms a second: 6 s or more
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(6);
    // the refusals spent nothing and took no budget; another key is not held back
    expect((await slow.get('/v1/value?q=charizard&min_price=1', other)).status).toBe(200);
    at += retry * 1000;
    const again = await slow.get('/v1/value?q=charizard&min_price=0', key);
    expect(again.status).toBe(200); // cached: costs next to nothing
    expect((await again.json()).meta.remaining).toBe(998);
  });

  it('SLAB_COMPUTE_LIMITS reads like SLAB_RATE_LIMITS, with its own defaults', () => {
    expect(loadConfig({}).SLAB_COMPUTE_LIMITS).toEqual({
      free: { perSecond: 200, burst: 2_000 },
      pro: { perSecond: 500, burst: 5_000 },
      business: { perSecond: 2_000, burst: 20_000 },
    });
    expect(loadConfig({ SLAB_COMPUTE_LIMITS: 'free=50/500' }).SLAB_COMPUTE_LIMITS?.free).toEqual({
      perSecond: 50,
      burst: 500,
    });
    expect(loadConfig({ SLAB_COMPUTE_LIMITS: 'off' }).SLAB_COMPUTE_LIMITS).toBeNull();
  });
});
