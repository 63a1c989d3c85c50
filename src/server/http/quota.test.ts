import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaMonth } from '../auth/tiers';
import { openDatabase } from '../store/sqlite/database';
import { KeyStore } from '../store/sqlite/sqlite-keys';
import { UsageMeter } from '../store/sqlite/usage-meter';
import type { KeyBook } from '../store/store';
import { rawGet } from './testing/raw-get';
import { createSeededStore, createTestApp, keyedRequestsFor, type SeededStore } from './testing/seeded-store';

/** The monthly quota: atomic under concurrency, spent only by 2xx, kept across restarts and months. */
let store: SeededStore;

beforeAll(async () => {
  store = createSeededStore();
});
afterAll(() => store.cleanup());

/** A free key with `left` calls left this month (usage written as the store would hold it). */
async function freeKeyWithCallsLeft(keys: KeyBook, left: number, at = new Date()) {
  const made = await keys.create('free', `left ${left}`);
  store.db
    .prepare('INSERT INTO key_usage (key_id, month, used) VALUES (?, ?, ?)')
    .run(made.id, quotaMonth(at), 1000 - left);
  return made;
}

describe('quota under concurrency', () => {
  it.each([
    ['/v1/floor', 7, 40],
    ['/v1/movers?limit=3', 12, 30],
  ])(
    '%s: %i calls left, %i parallel calls: exactly that many succeed, the rest are 429',
    async (path, left, n) => {
      const api = createTestApp(store);
      const made = await freeKeyWithCallsLeft(api.keys, left);
      const responses = await Promise.all(Array.from({ length: n }, () => api.get(path, made.key)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(left);
      expect(statuses.filter((s) => s === 429)).toHaveLength(n - left);
      const remaining = await Promise.all(
        responses.filter((r) => r.status === 200).map(async (r) => (await r.json()).meta.remaining as number),
      );
      expect(new Set(remaining).size).toBe(left); // never repeats
      expect(Math.min(...remaining)).toBe(0); // never below 0
      expect([...remaining].sort((a, b) => a - b)).toEqual(Array.from({ length: left }, (_, i) => i));
      api.close();
      const used = store.db
        .prepare('SELECT used FROM key_usage WHERE key_id = ? AND month = ?')
        .pluck()
        .get(made.id, quotaMonth(new Date()));
      expect(used).toBe(1000);
    },
  );
});

describe('usage in the store', () => {
  it('survives a restart of the app on the same store (close flushes)', async () => {
    const first = createTestApp(store);
    const key = await first.newKey('pro');
    for (let i = 0; i < 7; i++) expect((await first.get('/v1/floor', key)).status).toBe(200);
    first.close();
    const second = createTestApp(store);
    const body = await (await second.get('/v1/floor', key)).json();
    expect(body.meta.remaining).toBe(50_000 - 8);
    second.close();
  });

  it('is written in batches: at most flushEvery - 1 calls are ever pending', async () => {
    const keys = new KeyStore(store.db);
    const made = await keys.create('business');
    const record = (await keys.findActive(made.key))!;
    const meter = new UsageMeter(store.db, { flushEvery: 10, flushAfterMs: 60_000 });
    const at = new Date();
    const stored = () =>
      (store.db
        .prepare('SELECT used FROM key_usage WHERE key_id = ? AND month = ?')
        .pluck()
        .get(made.id, quotaMonth(at)) ?? 0) as number;
    for (let i = 1; i <= 25; i++) {
      meter.trySpend(record, at);
      expect(meter.pending).toBeLessThan(10);
      expect(i - stored()).toBe(meter.pending);
    }
    expect(stored()).toBe(20);
    meter.close();
    expect(stored()).toBe(25);
  });

  it('is written within flushAfterMs when calls are few', async () => {
    const keys = new KeyStore(store.db);
    const made = await keys.create('business');
    const meter = new UsageMeter(store.db, { flushEvery: 1000, flushAfterMs: 30 });
    const at = new Date();
    meter.trySpend((await keys.findActive(made.key))!, at);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(store.db.prepare('SELECT used FROM key_usage WHERE key_id = ?').pluck().get(made.id)).toBe(1);
    meter.close();
  });

  it('drops the unwritten calls of a key removed meanwhile (an expired demo key), and writes the rest', async () => {
    const keys = new KeyStore(store.db);
    const now = new Date();
    const demo = await keys.create(
      'free',
      'demo',
      new Date(now.getTime() - 2_000),
      new Date(now.getTime() - 1_000),
    );
    const kept = await keys.create('pro');
    const meter = new UsageMeter(store.db, { flushEvery: 1000, flushAfterMs: 60_000 });
    const demoRecord = { id: demo.id, tier: 'free' as const, expiresAtMs: now.getTime() - 1_000 };
    await meter.trySpend(demoRecord, now);
    await meter.trySpend((await keys.findActive(kept.key))!, now);
    expect(await keys.removeExpired(now)).toBeGreaterThanOrEqual(1);
    meter.flush();
    expect(meter.pending).toBe(0);
    const used = store.db.prepare('SELECT used FROM key_usage WHERE key_id = ?').pluck();
    expect(used.get(kept.id)).toBe(1);
    expect(used.get(demo.id)).toBeUndefined();
    meter.close();
  });
});

describe('a store closed under the meter', () => {
  it('its timer reports the unwritten calls instead of throwing (an uncaught timer error would end the server)', async () => {
    const own = createSeededStore();
    const keys = new KeyStore(own.db);
    const made = await keys.create('business');
    const errors: unknown[] = [];
    const meter = new UsageMeter(own.db, {
      flushEvery: 1000,
      flushAfterMs: 20,
      onFlushError: (e) => errors.push(e),
    });
    meter.trySpend((await keys.findActive(made.key))!, new Date());
    own.cleanup();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('store closed with 1 spent calls not written');
  });
});

describe('usage while another process holds the write lock (a seed or ingest)', () => {
  it('spending does not wait for the lock; the counts are written once it is released', async () => {
    const keys = new KeyStore(store.db);
    const made = await keys.create('business');
    const record = (await keys.findActive(made.key))!;
    const meter = new UsageMeter(store.db, { flushEvery: 3, flushAfterMs: 40 });
    const other = openDatabase(store.path);
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    for (let i = 0; i < 10; i++) expect(meter.trySpend(record, new Date()).ok).toBe(true);
    // The store's busy timeout is 10 s: a flush that waited for the lock would take that long.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(meter.pending).toBe(10);
    other.exec('COMMIT');
    other.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(meter.pending).toBe(0);
    expect(store.db.prepare('SELECT used FROM key_usage WHERE key_id = ?').pluck().get(made.id)).toBe(10);
    meter.close();
  });
});

describe('the quota month', () => {
  it('is the UTC calendar month: a spent key is whole again on the first of the next month', async () => {
    let now = new Date('2026-11-30T23:59:58Z');
    const api = createTestApp(store, { now: () => now });
    const made = await freeKeyWithCallsLeft(api.keys, 1, now);
    expect((await api.get('/v1/floor', made.key)).status).toBe(200);
    const spent = await api.get('/v1/floor', made.key);
    expect(spent.status).toBe(429);
    expect(spent.headers.get('Retry-After')).toBe('2');
    expect((await spent.json()).hint).toContain('2026-12-01');
    now = new Date('2026-12-01T00:00:01Z');
    const next = await api.get('/v1/floor', made.key);
    expect(next.status).toBe(200);
    expect((await next.json()).meta.remaining).toBe(999);
    expect(next.headers.get('RateLimit-Policy')).toBe(`"monthly";q=1000;w=${31 * 86_400}`);
    api.close();
    const rows = store.db
      .prepare('SELECT month, used FROM key_usage WHERE key_id = ? ORDER BY month')
      .all(made.id);
    expect(rows).toEqual([
      { month: '2026-11', used: 1000 },
      { month: '2026-12', used: 1 },
    ]);
  });

  it('tiers: free 1,000, pro 50,000, business 1,000,000 calls a month', async () => {
    const api = createTestApp(store);
    for (const [tier, quota] of [
      ['free', 1_000],
      ['pro', 50_000],
      ['business', 1_000_000],
    ] as const) {
      const response = await api.get('/v1/floor', await api.newKey(tier));
      const body = await response.json();
      expect(body.meta).toMatchObject({ tier, remaining: quota - 1 });
      expect(response.headers.get('RateLimit-Policy')).toMatch(new RegExp(`^"monthly";q=${quota};`));
    }
    api.close();
  });

  it('a CORS preflight needs no key and spends no quota', async () => {
    const api = createTestApp(store);
    const key = await api.newKey('free');
    for (let i = 0; i < 3; i++) {
      const preflight = await api.request('/v1/floor', {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://elsewhere.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-api-key',
        },
      });
      expect(preflight.status).toBe(204);
    }
    const body = await (await api.get('/v1/floor', key)).json();
    expect(body.meta.remaining).toBe(999);
    api.close();
  });
});

describe('HEAD: what GET would answer (status and headers, no body), spending what GET would', () => {
  const KEYED = keyedRequestsFor('charizard', '1999 Pokemon Base Set Charizard Holo #4');
  /** The headers of an answer, but its request id. */
  const headersOf = (response: Response) =>
    Object.fromEntries([...response.headers].filter(([name]) => name !== 'x-request-id'));
  /** The same, but the RateLimit header (a HEAD and the GET after it each spend a call). */
  const sameRemaining = (response: Response) => {
    const headers = headersOf(response);
    delete headers.ratelimit;
    return headers;
  };

  it.each(KEYED)('%s: each HEAD spends a call, as the GET after it does', async (path) => {
    const at = new Date('2026-11-20T12:00:00Z');
    const api = createTestApp(store, { now: () => at });
    const key = await api.newKey('free');
    for (let i = 0; i < 3; i++) {
      const head = await api.request(path, { method: 'HEAD', headers: { 'x-api-key': key } });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
      expect(head.headers.get('RateLimit')).toMatch(new RegExp(`^"monthly";r=${999 - i};`));
    }
    const viaQuery = await api.request(`${path}${path.includes('?') ? '&' : '?'}key=${key}`, {
      method: 'HEAD',
    });
    expect(viaQuery.status).toBe(200);
    const get = await api.get(path, key);
    expect((await get.clone().json()).meta.remaining).toBe(995);
    // a HEAD answers in every header what the GET in its place would have
    const head = await api.request(path, { method: 'HEAD', headers: { 'x-api-key': key } });
    expect(head.headers.get('RateLimit')).toMatch(/^"monthly";r=994;/);
    const next = await api.get(path, key);
    expect((await next.clone().json()).meta.remaining).toBe(993);
    expect(sameRemaining(head)).toEqual(sameRemaining(next));
    expect(Number(head.headers.get('content-length'))).toBe(Buffer.byteLength(await next.text()));
    api.close();
  });

  it('gzip: the same Content-Encoding and Content-Length as the GET', async () => {
    const at = new Date('2026-11-20T12:00:00Z');
    const api = createTestApp(store, { now: () => at });
    const key = await api.newKey('pro');
    const headers = { 'x-api-key': key, 'accept-encoding': 'gzip' };
    const head = await api.request('/v1/index?category=pokemon', { method: 'HEAD', headers });
    const get = await api.request('/v1/index?category=pokemon', { headers });
    expect(get.headers.get('content-encoding')).toBe('gzip');
    expect(sameRemaining(head)).toEqual(sameRemaining(get));
    api.close();
  });

  it('errors as GET: 401, 400 and a typo no_match spend nothing; 429 once the quota is spent', async () => {
    const api = createTestApp(store);
    const made = await freeKeyWithCallsLeft(api.keys, 1);
    const head = (path: string, key?: string) =>
      api.request(path, { method: 'HEAD', headers: key ? { 'x-api-key': key } : {} });
    expect((await head('/v1/floor')).status).toBe(401);
    expect((await head('/v1/movers?limit=0', made.key)).status).toBe(400);
    expect((await head('/v1/sold?q=zzqx%20qqzz', made.key)).status).toBe(404);
    const last = await head('/v1/floor', made.key);
    expect(last.status).toBe(200);
    expect(last.headers.get('RateLimit')).toMatch(/^"monthly";r=0;/);
    const spent = await head('/v1/floor', made.key);
    expect(spent.status).toBe(429);
    expect(Number(spent.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await spent.text()).toBe('');
    expect((await api.get('/v1/floor', made.key)).status).toBe(429);
    api.close();
  });

  it('through a real socket, large answers included: no body, the GET Content-Length, a call spent', async () => {
    const api = createTestApp(store);
    const server = createServer(getRequestListener(api.fetch));
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    try {
      const port = (server.address() as AddressInfo).port;
      const key = await api.newKey('free');
      for (const path of ['/v1/floor', '/v1/index']) {
        const head = await rawGet(
          `http://127.0.0.1:${port}${path}`,
          { 'x-api-key': key },
          { method: 'HEAD' },
        );
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
        const get = await rawGet(`http://127.0.0.1:${port}${path}`, { 'x-api-key': key });
        expect(Number(head.headers['content-length'])).toBe(get.body.length);
        const left = (header: unknown) => Number(/;r=([0-9]+);/.exec(String(header))?.[1]);
        expect(left(head.headers.ratelimit)).toBe(left(get.headers.ratelimit) + 1);
      }
      const after = await rawGet(`http://127.0.0.1:${port}/v1/floor`, { 'x-api-key': key });
      expect(JSON.parse(after.body.toString('utf8')).meta.remaining).toBe(995);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      api.close();
    }
  });
});

describe('a price band cannot be searched for free (issue 29)', () => {
  it('bisecting the lowest sale price with HEADs spends one call per probe, 200 or 404', async () => {
    const api = createTestApp(store);
    const key = await api.newKey('free');
    const statuses: number[] = [];
    let low = 0;
    let high = 1_000_000;
    for (let probe = 1; probe <= 16; probe++) {
      const middle = Math.round((low + high) / 2);
      const head = await api.request(`/v1/value?q=charizard&max_price=${middle}`, {
        method: 'HEAD',
        headers: { 'x-api-key': key },
      });
      statuses.push(head.status);
      // the answer's own header already counts the probe
      expect(head.headers.get('RateLimit')).toMatch(new RegExp(`^"monthly";r=${1000 - probe};`));
      if (head.status === 200) high = middle;
      else low = middle;
    }
    // the search went both ways, so both kinds of answer were charged
    expect(statuses).toContain(200);
    expect(statuses).toContain(404);
    expect((await (await api.get('/v1/floor', key)).json()).meta.remaining).toBe(1000 - 16 - 1);
    api.close();
  });

  it('a band search spends one call per probe whatever the conditional headers', async () => {
    const api = createTestApp(store);
    const key = await api.newKey('free');
    const conditions: Record<string, string>[] = [
      { 'if-none-match': '*' },
      { 'if-none-match': '"nope", *' },
      { 'if-none-match': '*', 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
      { 'if-match': '*' },
      {},
    ];
    const statuses: number[] = [];
    let low = 0;
    let high = 1_000_000;
    for (let probe = 1; probe <= 15; probe++) {
      const middle = Math.round((low + high) / 2);
      const response = await api.request(`/v1/value?q=charizard&max_price=${middle}`, {
        method: probe % 2 === 0 ? 'HEAD' : 'GET',
        headers: { 'x-api-key': key, ...conditions[probe % conditions.length] },
      });
      statuses.push(response.status);
      expect(response.headers.get('RateLimit')).toMatch(new RegExp(`^"monthly";r=${1000 - probe};`));
      if (response.status === 200) high = middle;
      else low = middle;
    }
    expect(statuses).toContain(200);
    expect(statuses).toContain(404);
    expect(statuses).not.toContain(304);
    expect((await (await api.get('/v1/floor', key)).json()).meta.remaining).toBe(1000 - 15 - 1);
    api.close();
  });

  it('a GET no_match whose words match a card spends a call; a typo spends none', async () => {
    const api = createTestApp(store);
    const key = await api.newKey('free');
    const band = await api.get('/v1/value?q=charizard&min_price=0.01&max_price=0.02', key);
    expect(band.status).toBe(404);
    const body = await band.json();
    expect(body.error).toBe('no_match');
    expect(body.hint).toMatch(/^Cards match "charizard" but none sold/);
    expect(band.headers.get('RateLimit')).toMatch(/^"monthly";r=999;/);
    const typo = await api.get('/v1/value?q=zzqx%20qqzz&max_price=5', key);
    expect(typo.status).toBe(404);
    expect((await (await api.get('/v1/floor', key)).json()).meta.remaining).toBe(998);
    api.close();
  });

  it('/v1/grading: a card without a report of that grader spends a call; a title that is no card spends none', async () => {
    const api = createTestApp(store);
    const key = await api.newKey('free');
    const title = encodeURIComponent('"1999 Pokemon Base Set Charizard Holo #4"');
    const reported = store.db
      .prepare(
        "SELECT DISTINCT grader FROM population WHERE title = '1999 Pokemon Base Set Charizard Holo #4'",
      )
      .pluck()
      .all() as string[];
    const missing = ['PSA', 'BGS', 'CGC', 'SGC', 'TAG'].find((grader) => !reported.includes(grader));
    expect(missing).toBeDefined();
    const unreported = await api.get(`/v1/grading?q=${title}&grader=${missing}`, key);
    expect(unreported.status).toBe(404);
    expect((await unreported.json()).hint).toMatch(
      new RegExp(`^No ${missing} population report holds this card`),
    );
    expect(unreported.headers.get('RateLimit')).toMatch(/^"monthly";r=999;/);
    const none = await api.get(`/v1/grading?q=${encodeURIComponent('"zzqx qqzz"')}`, key);
    expect(none.status).toBe(404);
    expect((await (await api.get('/v1/floor', key)).json()).meta.remaining).toBe(998);
    api.close();
  });

  it('/v1/history: cards matched but no sale in the range spends a call; no card matched spends none', async () => {
    const api = createTestApp(store);
    const key = await api.newKey('free');
    const empty = await api.get('/v1/history?q=charizard&from=1990-01-01&to=1990-12-31', key);
    expect(empty.status).toBe(404);
    expect((await empty.json()).hint).toMatch(/^Cards match "charizard" but none sold/);
    expect(empty.headers.get('RateLimit')).toMatch(/^"monthly";r=999;/);
    const none = await api.get('/v1/history?q=zzqx%20qqzz', key);
    expect(none.status).toBe(404);
    expect((await (await api.get('/v1/floor', key)).json()).meta.remaining).toBe(998);
    api.close();
  });
});
