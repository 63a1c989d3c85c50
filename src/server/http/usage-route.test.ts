import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageResponseSchema } from '../../contract/resources';
import { createSeededStore, createTestApp, type SeededStore, type TestApp } from './testing/seeded-store';

let store: SeededStore;
let clock = new Date('2026-11-03T10:00:00.000Z');
let api: TestApp;

beforeAll(() => {
  store = createSeededStore();
  api = createTestApp(store, { now: () => clock });
});

afterAll(() => store.cleanup());

const usageOf = async (key: string) => {
  const response = await api.get('/v1/usage', key);
  expect(response.status).toBe(200);
  return UsageResponseSchema.parse(await response.json());
};

describe('GET /v1/usage', () => {
  it('a new key: nothing used, every day of the month so far at zero', async () => {
    clock = new Date('2026-11-03T10:00:00.000Z');
    const key = await api.newKey('free');
    const { meta, data } = await usageOf(key);
    expect(data).toEqual({
      tier: 'free',
      quota: 1000,
      used: 0,
      remaining: 1000,
      period_start: '2026-11-01',
      resets_at: '2026-12-01T00:00:00.000Z',
      by_day: [
        { date: '2026-11-01', calls: 0 },
        { date: '2026-11-02', calls: 0 },
        { date: '2026-11-03', calls: 0 },
      ],
      by_operation: [],
    });
    expect(meta.remaining).toBe(1000);
  });

  it('counts the spent calls by day and by operation; refusals and usage itself spend nothing', async () => {
    clock = new Date('2026-11-02T23:00:00.000Z');
    const key = await api.newKey('pro');
    for (let i = 0; i < 3; i++) expect((await api.get('/v1/floor', key)).status).toBe(200);
    clock = new Date('2026-11-03T01:00:00.000Z');
    for (let i = 0; i < 2; i++) expect((await api.get('/v1/movers?limit=5', key)).status).toBe(200);
    expect((await api.get('/v1/floor', key)).status).toBe(200);
    expect((await api.get('/v1/floor?limt=5', key)).status).toBe(400);
    expect((await api.get('/v1/value?q=zzqx%20qqzz', key)).status).toBe(404);
    const first = await usageOf(key);
    const second = await usageOf(key);
    expect(second).toEqual({ ...first, meta: { ...first.meta, generated: second.meta.generated } });
    expect(first.data.used).toBe(6);
    expect(first.data.remaining).toBe(50_000 - 6);
    expect(first.meta.remaining).toBe(50_000 - 6);
    expect(first.data.by_day).toEqual([
      { date: '2026-11-01', calls: 0 },
      { date: '2026-11-02', calls: 3 },
      { date: '2026-11-03', calls: 3 },
    ]);
    expect(first.data.by_operation).toEqual([
      { operation: 'getFloor', calls: 4 },
      { operation: 'listMovers', calls: 2 },
    ]);
    // The counts survive a flush to the store and a new server on it.
    await api.close();
    const other = createTestApp(store, { now: () => clock });
    const again = UsageResponseSchema.parse(await (await other.get('/v1/usage', key)).json());
    expect(again.data.by_day).toEqual(first.data.by_day);
    expect(again.data.by_operation).toEqual(first.data.by_operation);
  });

  it('carries an ETag of its data: 304 while nothing was spent, a new tag after a call; neither spends', async () => {
    clock = new Date('2026-11-05T09:00:00.000Z');
    const key = await api.newKey('free');
    expect((await api.get('/v1/floor', key)).status).toBe(200);
    const first = await api.get('/v1/usage', key);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const unchanged = await api.get('/v1/usage', key, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('ratelimit')).toMatch(/^"monthly";r=999;/);
    // `*` is no tag here either: the 200.
    expect((await api.get('/v1/usage', key, { 'if-none-match': '*' })).status).toBe(200);
    expect((await api.get('/v1/floor', key)).status).toBe(200);
    const after = await api.get('/v1/usage', key, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const { data } = UsageResponseSchema.parse(await after.json());
    expect(data.used).toBe(2);
    expect(data.remaining).toBe(998);
  });

  it('starts again with the month', async () => {
    clock = new Date('2026-11-30T12:00:00.000Z');
    const key = await api.newKey('free');
    expect((await api.get('/v1/floor', key)).status).toBe(200);
    clock = new Date('2026-12-01T00:30:00.000Z');
    const { data } = await usageOf(key);
    expect(data.used).toBe(0);
    expect(data.period_start).toBe('2026-12-01');
    expect(data.resets_at).toBe('2027-01-01T00:00:00.000Z');
    expect(data.by_day).toEqual([{ date: '2026-12-01', calls: 0 }]);
  });

  it('answers a key whose quota is spent, and refuses a parameter', async () => {
    clock = new Date('2026-11-10T08:00:00.000Z');
    // No rate limit here: the clock stands still, so the bucket would not refill.
    const unlimited = createTestApp(store, {
      now: () => clock,
      config: { SLAB_DEMO: false, SLAB_WEB_DIST: store.dir, SLAB_RATE_LIMITS: null },
    });
    const key = await unlimited.newKey('free');
    for (let i = 0; i < 1000; i++) expect((await unlimited.get('/v1/floor', key)).status).toBe(200);
    const spent = await unlimited.get('/v1/floor', key);
    expect(spent.status).toBe(429);
    expect(((await spent.json()) as { error: string }).error).toBe('quota_exceeded');
    const { data } = UsageResponseSchema.parse(await (await unlimited.get('/v1/usage', key)).json());
    expect(data.used).toBe(1000);
    expect(data.remaining).toBe(0);
    const typo = await api.get('/v1/usage?month=2026-11', key);
    expect(typo.status).toBe(400);
    expect(((await typo.json()) as { error: string }).error).toBe('invalid_parameter');
    expect((await api.get('/v1/usage')).status).toBe(401);
  });
});
