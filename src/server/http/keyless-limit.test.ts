import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../analytics/operations';
import { parseKeylessLimit } from '../auth/rate-limiter';
import { loadConfig } from '../config';
import { seedDemoMarket } from '../seed/seed-demo-market';
import type { AppOptions } from './app';
import {
  createSeededStore,
  createTestApp,
  type SeededStore,
  TEST_AS_OF,
  TEST_SEED,
  type TestApp,
} from './testing/seeded-store';

/** The keyless operations' limit per client address (decisions.md, "Keyless operations"). */
let store: SeededStore;
let web: string;

beforeAll(() => {
  store = createSeededStore();
  web = join(store.dir, 'web');
  mkdirSync(web);
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Slab</title>');
});
afterAll(() => store.cleanup());

/** An app whose clock stands still unless a test moves it. */
function appAt(clock: { ms: number }, config: Partial<AppOptions['config']> = {}): TestApp {
  return createTestApp(store, {
    now: () => new Date(clock.ms),
    config: { SLAB_DEMO: true, SLAB_WEB_DIST: web, ...config },
  });
}

/** A GET as if from `address` over a socket (the in-process request has no socket of its own). */
const from = (app: TestApp, address: string, path: string, headers: Record<string, string> = {}) =>
  Promise.resolve(
    app.fetch(new Request(`http://localhost${path}`, { headers }), {
      incoming: { headers, socket: { remoteAddress: address } },
    }),
  );

const KEYLESS = ['/v1/ping', '/v1', '/v1/openapi.json', '/v1/accuracy'];

describe('the keyless limit', () => {
  it('an address gets 100 keyless answers in a burst across the operations, then 429 with Retry-After', async () => {
    const clock = { ms: Date.parse('2026-11-20T12:00:00Z') };
    const app = appAt(clock);
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await from(app, '203.0.113.7', KEYLESS[i % 4] as string)).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(100);
    for (const path of [...KEYLESS, '/v1/demo-key']) {
      const refused = await from(app, '203.0.113.7', path);
      expect(refused.status, path).toBe(429);
      expect(refused.headers.get('retry-after'), path).toBe('1');
      expect(refused.headers.get('cache-control'), path).toBe('no-store');
      const body = (await refused.json()) as { error: string; hint: string };
      expect(body.error).toBe('rate_limited');
      expect(body.hint).toMatch(
        /^Too many requests from this address to the operations that take no key .*20 a second in bursts of 100, all of them together\. Retry in 1 second \(Retry-After\)\.$/,
      );
    }
    // Another address has its own bucket; keyed calls and the dashboard's files are not counted.
    expect((await from(app, '203.0.113.8', '/v1/ping')).status).toBe(200);
    const key = await app.newKey('free');
    expect((await from(app, '203.0.113.7', '/v1/floor', { 'x-api-key': key })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await from(app, '203.0.113.7', '/')).status).toBe(200);
    // 20 a second: after 100 ms two tokens are back, not three.
    clock.ms += 100;
    expect((await from(app, '203.0.113.7', '/v1/ping')).status).toBe(200);
    expect((await from(app, '203.0.113.7', '/v1/ping')).status).toBe(200);
    expect((await from(app, '203.0.113.7', '/v1/ping')).status).toBe(429);
  });

  it('counts an IPv6 address by its /64, and behind a trusted proxy the last X-Forwarded-For address', async () => {
    const clock = { ms: Date.parse('2026-11-20T12:00:00Z') };
    const app = appAt(clock, { SLAB_KEYLESS_LIMIT: { perSecond: 1, burst: 2 } });
    expect((await from(app, '2001:db8:0:1::1', '/v1/ping')).status).toBe(200);
    expect((await from(app, '2001:db8:0:1::2', '/v1/ping')).status).toBe(200);
    expect((await from(app, '2001:db8:0:1:ffff::9', '/v1/ping')).status).toBe(429);
    expect((await from(app, '2001:db8:0:2::1', '/v1/ping')).status).toBe(200);
    // Without SLAB_TRUST_PROXY the header is anyone's to write: the socket's address counts.
    const spoofed = { 'x-forwarded-for': '198.51.100.1' };
    expect((await from(app, '10.0.0.1', '/v1/ping', spoofed)).status).toBe(200);
    expect((await from(app, '10.0.0.1', '/v1/ping', { 'x-forwarded-for': '198.51.100.2' })).status).toBe(200);
    expect((await from(app, '10.0.0.1', '/v1/ping', spoofed)).status).toBe(429);
    const proxied = appAt(clock, { SLAB_KEYLESS_LIMIT: { perSecond: 1, burst: 1 }, SLAB_TRUST_PROXY: true });
    const forwarded = (chain: string) => from(proxied, '10.0.0.1', '/v1/ping', { 'x-forwarded-for': chain });
    expect((await forwarded('1.1.1.1, 198.51.100.1')).status).toBe(200);
    // A first address the client wrote itself changes nothing; the proxy's last one does.
    expect((await forwarded('2.2.2.2, 198.51.100.1')).status).toBe(429);
    expect((await forwarded('1.1.1.1, 198.51.100.2')).status).toBe(200);
  });

  it('is off with SLAB_KEYLESS_LIMIT=off, and with SLAB_RATE_LIMITS=off', async () => {
    const clock = { ms: Date.parse('2026-11-20T12:00:00Z') };
    for (const config of [{ SLAB_KEYLESS_LIMIT: null }, { SLAB_RATE_LIMITS: null }]) {
      const app = appAt(clock, config);
      for (let i = 0; i < 150; i++) expect((await from(app, '203.0.113.9', '/v1/ping')).status).toBe(200);
    }
  });

  it('SLAB_KEYLESS_LIMIT is perSecond/burst or off; anything else stops the server at start', () => {
    expect(parseKeylessLimit('')).toEqual({ perSecond: 20, burst: 100 });
    expect(parseKeylessLimit(' 5.5 / 40 ')).toEqual({ perSecond: 5.5, burst: 40 });
    expect(parseKeylessLimit('off')).toBeNull();
    expect(loadConfig({ SLAB_KEYLESS_LIMIT: '50/200' }).SLAB_KEYLESS_LIMIT).toEqual({
      perSecond: 50,
      burst: 200,
    });
    expect(loadConfig({}).SLAB_KEYLESS_LIMIT).toEqual({ perSecond: 20, burst: 100 });
    expect(() => loadConfig({ SLAB_KEYLESS_LIMIT: 'free=20/100' })).toThrow(
      /SLAB_KEYLESS_LIMIT: "free=20\/100" is not perSecond\/burst/,
    );
    expect(() => loadConfig({ SLAB_KEYLESS_LIMIT: '0/10' })).toThrow(/the rate must be above 0/);
  });
});

describe('demo keys by network', () => {
  it('20 addresses of one /24 minting as fast as they can get 30 keys; a visitor from another network gets one', async () => {
    const clock = { ms: Date.parse('2026-11-20T12:00:00Z') };
    const app = appAt(clock);
    const asks = [];
    for (let round = 0; round < 12; round++)
      for (let host = 1; host <= 20; host++) asks.push(from(app, `198.51.100.${host}`, '/v1/demo-key'));
    const answers = await Promise.all(asks);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(240 - 30);
    const first = refused[0] as Response;
    expect(first.headers.get('retry-after')).toBe('120');
    expect(((await first.json()) as { hint: string }).hint).toBe(
      'This network (198.51.100.0/24) has minted 30 demo keys in the last hour, the most one network may. Retry in 120 seconds (Retry-After), or keep using a key you already have: each lasts 7 days.',
    );
    const visitor = await from(app, '203.0.113.5', '/v1/demo-key');
    expect(visitor.status).toBe(200);
    const { key } = (await visitor.json()) as { key: string };
    expect((await from(app, '203.0.113.5', '/v1/floor', { 'x-api-key': key })).status).toBe(200);
  });
});

describe('keyless answers are prepared bytes', () => {
  it('/v1/accuracy is computed and serialized once per data version, with an ETag and 304', async () => {
    const own = createSeededStore();
    try {
      let computed = 0;
      const app = createTestApp(own, {
        operations: {
          ...OPERATIONS,
          accuracy: async (ctx, params) => {
            computed += 1;
            return OPERATIONS.accuracy(ctx, params);
          },
        },
      });
      const first = await app.get('/v1/accuracy');
      const etag = first.headers.get('etag') as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
      const text = await first.text();
      for (let i = 0; i < 20; i++) {
        const again = await app.get('/v1/accuracy');
        expect(await again.text()).toBe(text);
      }
      const unchanged = await app.get('/v1/accuracy', undefined, { 'if-none-match': etag });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe('');
      expect(computed).toBe(1);
      seedDemoMarket(own.db, { scale: 'small', asOf: TEST_AS_OF, seed: TEST_SEED + 1 });
      const after = await app.get('/v1/accuracy', undefined, { 'if-none-match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(computed).toBe(2);
    } finally {
      own.cleanup();
    }
  });

  it('/v1/ping is made once a second: the same bytes and ETag within it, ts to the second', async () => {
    const clock = { ms: Date.parse('2026-11-20T12:00:00.250Z') };
    const app = appAt(clock);
    const first = await app.get('/v1/ping');
    const body = await first.json();
    expect(body).toEqual({ ok: true, service: 'slab-terminal', ts: '2026-11-20T12:00:00.000Z' });
    clock.ms += 700;
    const same = await app.get('/v1/ping', undefined, {
      'if-none-match': first.headers.get('etag') as string,
    });
    expect(same.status).toBe(304);
    clock.ms += 100;
    const next = await app.get('/v1/ping');
    expect((await next.json()).ts).toBe('2026-11-20T12:00:01.000Z');
    expect(next.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });
});
