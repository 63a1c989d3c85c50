import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoMarket } from '../seed/seed-demo-market';
import { ifNoneMatch, keyedIfNoneMatch } from './response';
import { createListeners } from './testing/listen';
import { rawGet } from './testing/raw-get';
import {
  createSeededStore,
  createTestApp,
  keyedPathsOf,
  type SeededStore,
  TEST_AS_OF,
  TEST_SEED,
  type TestApp,
} from './testing/seeded-store';

/**
 * HTTP caching of keyed answers (docs/api.md, "HTTP caching"): per key (`private, no-cache`,
 * `Vary`), an ETag of the `data`, and 304 for a client that already holds it, spending nothing.
 */
let store: SeededStore;
let api: TestApp;
let keyedPaths: string[];

const listeners = createListeners();
const listen = listeners.listen;

beforeAll(() => {
  store = createSeededStore();
  api = createTestApp(store);
  keyedPaths = keyedPathsOf(store);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await listeners.closeAll();
  store.cleanup();
});

const remainingOf = async (response: Response): Promise<number> => (await response.json()).meta.remaining;

describe('keyed answers', () => {
  it('carry Cache-Control private no-cache, Vary on the key and the encoding, and an ETag of their data', async () => {
    const key = await api.newKey('business');
    for (const path of keyedPaths) {
      for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
        const response = await api.get(path, key, headers);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toBe('private, no-cache');
        expect(response.headers.get('vary'), path).toBe('x-api-key, accept-encoding');
        expect(response.headers.get('etag'), path).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
        const again = await api.get(path, key, headers);
        expect(again.headers.get('etag'), path).toBe(response.headers.get('etag'));
      }
    }
    // Errors to a known key are per key too (their rate-limit headers).
    const refused = await api.get('/v1/index?from=yesterday', key);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('private, no-cache');
    expect(refused.headers.get('vary')).toBe('x-api-key, accept-encoding');
    expect(refused.headers.get('etag')).toBeNull();
  });

  it('the ETag is of the data: the same for every call and every key while the data stays, not of meta', async () => {
    const a = await api.get('/v1/floor', await api.newKey('free'));
    const b = await api.get('/v1/floor', await api.newKey('pro'));
    expect((await a.json()).meta).not.toEqual((await b.json()).meta);
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    // Another parameter, another answer, another tag.
    const other = await api.get('/v1/floor?category=pokemon', await api.newKey('free'));
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).not.toBe(a.headers.get('etag'));
  });

  it('a HEAD carries the ETag a GET would', async () => {
    const key = await api.newKey('pro');
    const get = await api.get('/v1/movers', key);
    const head = await api.request('/v1/movers', { method: 'HEAD', headers: { 'x-api-key': key } });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
  });

  it('ETag is exposed to pages, and a preflight allows If-None-Match', async () => {
    const response = await api.get('/v1/floor', await api.newKey(), { Origin: 'https://example.test' });
    expect(response.headers.get('access-control-expose-headers')?.split(',')).toContain('ETag');
    const preflight = await api.request('/v1/floor', {
      method: 'OPTIONS',
      headers: { Origin: 'https://example.test', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toContain('if-none-match');
  });
});

describe('If-None-Match', () => {
  it('a matching ETag (alone, in a list, or weak) gets 304 with no body, the headers, and spends nothing', async () => {
    const key = await api.newKey('free');
    const first = await api.get('/v1/floor', key);
    const etag = first.headers.get('etag') as string;
    const before = await remainingOf(first);
    for (const condition of [etag, `"nope", ${etag}`, `W/${etag}`]) {
      const response = await api.get('/v1/floor', key, { 'if-none-match': condition });
      expect(response.status, condition).toBe(304);
      expect(await response.text(), condition).toBe('');
      expect(response.headers.get('etag'), condition).toBe(etag);
      expect(response.headers.get('cache-control'), condition).toBe('private, no-cache');
      expect(response.headers.get('vary'), condition).toBe('x-api-key, accept-encoding');
      expect(response.headers.get('content-type'), condition).toBeNull();
      // Nothing spent: the calls left are what the last 200 left.
      expect(response.headers.get('ratelimit'), condition).toContain(`r=${before};`);
      expect(response.headers.get('ratelimit-policy'), condition).toContain('q=1000;');
      expect(response.headers.get('x-request-id'), condition).toMatch(/./);
    }
    const next = await api.get('/v1/floor', key);
    expect(await remainingOf(next)).toBe(before - 1);
  });

  it('* (alone or in a list) is ignored: the 200, one call spent', async () => {
    const key = await api.newKey('free');
    const first = await api.get('/v1/floor', key);
    const etag = first.headers.get('etag') as string;
    let left = await remainingOf(first);
    for (const condition of ['*', ` * `, `${etag}, *`, `*, W/${etag}`]) {
      const response = await api.get('/v1/floor', key, { 'if-none-match': condition });
      expect(response.status, condition).toBe(200);
      expect(response.headers.get('etag'), condition).toBe(etag);
      left -= 1;
      expect(await remainingOf(response), condition).toBe(left);
    }
  });

  it('another ETag gets the 200 and spends a call', async () => {
    const key = await api.newKey('free');
    const first = await api.get('/v1/floor', key);
    const response = await api.get('/v1/floor', key, { 'if-none-match': '"something-else"' });
    expect(response.status).toBe(200);
    expect(await remainingOf(response)).toBe((await remainingOf(first)) - 1);
    // The tag of another path's answer is not this one's.
    const other = await api.get('/v1/movers', key, { 'if-none-match': first.headers.get('etag') as string });
    expect(other.status).toBe(200);
  });

  it('no_match and invalid parameters are answered as they are, whatever the condition', async () => {
    const key = await api.newKey('free');
    const noMatch = await api.get('/v1/value?q=zzzzqqqqxxxx', key, { 'if-none-match': '*' });
    expect(noMatch.status).toBe(404);
    const bad = await api.get('/v1/index?from=yesterday', key, { 'if-none-match': '*' });
    expect(bad.status).toBe(400);
  });

  it('304 on the plain and gzip paths, small and large answers, through a real socket', async () => {
    const app = createTestApp(store);
    const port = await listen(app);
    const key = await app.newKey('free');
    const url = `http://127.0.0.1:${port}/v1/index`;

    const direct = await rawGet(url, { 'x-api-key': key });
    expect(direct.body.length).toBeGreaterThan(8_000);
    const etag = direct.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const remaining = JSON.parse(direct.body.toString('utf8')).meta.remaining as number;

    const gzipped = await rawGet(url, { 'x-api-key': key, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(etag);
    const small = await rawGet(`http://127.0.0.1:${port}/v1/floor`, { 'x-api-key': key });
    const smallEtag = small.headers.etag as string;

    for (const [path, tag, headers] of [
      ['/v1/index', etag, {}],
      ['/v1/index', etag, { 'accept-encoding': 'gzip' }],
      ['/v1/floor', smallEtag, {}],
    ] as const) {
      const answer = await rawGet(`http://127.0.0.1:${port}${path}`, {
        'x-api-key': key,
        'if-none-match': tag,
        ...headers,
      });
      expect(answer.status, path).toBe(304);
      expect(answer.body.length, path).toBe(0);
      expect(answer.headers.etag, path).toBe(tag);
      expect(answer.headers['content-encoding'], path).toBeUndefined();
      expect(answer.headers['cache-control'], path).toBe('private, no-cache');
      expect(answer.headers.vary, path).toBe('x-api-key, accept-encoding');
      expect(answer.headers.ratelimit, path).toContain(`r=${remaining - 2};`);
    }

    // The connection still serves the full answer afterwards; three 304s spent nothing.
    const again = await rawGet(url, { 'x-api-key': key });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body.toString('utf8')).meta.remaining).toBe(remaining - 3);
  });

  it('after a seed changes the data, the old ETag gets a 200 with a new ETag', async () => {
    const own = createSeededStore();
    try {
      const app = createTestApp(own);
      const key = await app.newKey('free');
      const first = await app.get('/v1/floor', key);
      const etag = first.headers.get('etag') as string;
      expect((await app.get('/v1/floor', key, { 'if-none-match': etag })).status).toBe(304);
      seedDemoMarket(own.db, { scale: 'small', asOf: TEST_AS_OF, seed: TEST_SEED + 1 });
      const after = await app.get('/v1/floor', key, { 'if-none-match': etag });
      expect(after.status).toBe(200);
      const fresh = after.headers.get('etag') as string;
      expect(fresh).not.toBe(etag);
      expect((await app.get('/v1/floor', key, { 'if-none-match': fresh })).status).toBe(304);
    } finally {
      own.cleanup();
    }
  });
});

describe('ifNoneMatch', () => {
  it('keyed: a list holding * matches nothing', () => {
    expect(keyedIfNoneMatch('"abc"', '"abc"')).toBe(true);
    expect(keyedIfNoneMatch('"x", W/"abc"', '"abc"')).toBe(true);
    expect(keyedIfNoneMatch('*', '"abc"')).toBe(false);
    expect(keyedIfNoneMatch('"abc", *', '"abc"')).toBe(false);
  });

  it('compares weakly, in lists, and takes *', () => {
    const tag = '"abc"';
    expect(ifNoneMatch('"abc"', tag)).toBe(true);
    expect(ifNoneMatch('W/"abc"', tag)).toBe(true);
    expect(ifNoneMatch('"x" ,  W/"abc"', tag)).toBe(true);
    expect(ifNoneMatch(' * ', tag)).toBe(true);
    expect(ifNoneMatch('"abcd"', tag)).toBe(false);
    expect(ifNoneMatch('abc', tag)).toBe(false);
    expect(ifNoneMatch('', tag)).toBe(false);
  });
});
