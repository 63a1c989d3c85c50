import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../contract/resources';
import { GZIP_MIN_BYTES } from './gzip';
import {
  createSeededStore,
  createTestApp,
  keyedPathsOf,
  type SeededStore,
  type TestApp,
} from './testing/seeded-store';

/** Gzip for clients that ask for it (docs/api.md, "Compression"): same answers, fewer bytes. */
let store: SeededStore;
let api: TestApp;
let key: string;
let webDir: string;
let keyedPaths: string[];

/** Any envelope: the data of each endpoint is checked by app-contract.test.ts. */
const EnvelopeSchema = envelope(z.unknown());

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };
const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ i, name: `row ${i}` })))};`;

beforeAll(async () => {
  store = createSeededStore();
  webDir = join(store.dir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Slab</title><div id="root"></div>');
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js'), BIG_SCRIPT);
  // As the build leaves them (vite.config.ts, precompress): .gz and .br beside each text file of 1 kB or more.
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js.gz'), gzipSync(BIG_SCRIPT));
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(BIG_SCRIPT));
  writeFileSync(join(webDir, 'assets', 'small-3c4d.js'), 'export const small = 1;');
  writeFileSync(join(webDir, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
  api = createTestApp(store, { config: { SLAB_DEMO: false, SLAB_WEB_DIST: webDir } });
  key = await api.newKey('business');
  keyedPaths = keyedPathsOf(store);
});
afterAll(() => store.cleanup());

const bodyBytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('keyed answers', () => {
  it('are gzipped for a client that accepts it: the same envelope, the exact Content-Length, one call spent', async () => {
    let gzipped = 0;
    for (const path of keyedPaths) {
      // the first pair computes the answer, the second comes from the response cache
      for (let pass = 0; pass < 2; pass++) {
        const plain = await api.get(path, key);
        const packed = await api.get(path, key, GZIP);
        expect([plain.status, packed.status], path).toEqual([200, 200]);
        const plainBytes = await bodyBytes(plain);
        const packedBytes = await bodyBytes(packed);
        expect(plain.headers.get('content-encoding'), path).toBeNull();
        expect(plain.headers.get('vary'), path).toBe('x-api-key, accept-encoding');
        expect(packed.headers.get('vary'), path).toBe('x-api-key, accept-encoding');
        expect(Number(packed.headers.get('content-length')), path).toBe(packedBytes.length);

        const a = EnvelopeSchema.parse(JSON.parse(plainBytes.toString('utf8')));
        let text = packedBytes.toString('utf8');
        if (plainBytes.length >= GZIP_MIN_BYTES) {
          expect(packed.headers.get('content-encoding'), path).toBe('gzip');
          expect(packedBytes.length, path).toBeLessThan(plainBytes.length);
          text = gunzipSync(packedBytes).toString('utf8');
          gzipped++;
        } else {
          expect(packed.headers.get('content-encoding'), path).toBeNull();
        }
        const b = EnvelopeSchema.parse(JSON.parse(text));
        expect(b.data, path).toEqual(a.data);
        expect(b.meta.tier).toBe(a.meta.tier);
        // exactly one call per answer, gzipped or not
        expect(b.meta.remaining, path).toBe(a.meta.remaining - 1);
        expect(packed.headers.get('RateLimit'), path).toContain(`r=${b.meta.remaining};`);
      }
    }
    // the demo market's answers are mostly over the threshold: the branch above was taken
    expect(gzipped).toBeGreaterThanOrEqual(12);
  });

  it('are sent as they are when gzip is refused (q=0) or not offered', async () => {
    for (const accept of ['gzip;q=0', 'identity', 'br', '*;q=0']) {
      const response = await api.get('/v1/index?category=pokemon', key, { 'accept-encoding': accept });
      expect(response.headers.get('content-encoding'), accept).toBeNull();
      expect(EnvelopeSchema.parse(await response.json()).data, accept).toHaveProperty('series');
    }
  });

  it('errors and the small ping are never compressed', async () => {
    const refused = await api.get('/v1/floor', 'slab_live_0000000000000000000000000000000', GZIP);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect((await refused.json()).error).toBe('missing_or_malformed_key');
    const bad = await api.get('/v1/index?from=yesterday', key, GZIP);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-encoding')).toBeNull();
    const ping = await api.get('/v1/ping', undefined, GZIP);
    expect(ping.headers.get('content-encoding')).toBeNull();
    expect((await ping.json()).ok).toBe(true);
  });
});

describe('fixed documents and the dashboard', () => {
  it('/v1 and /v1/openapi.json are gzipped when accepted, and read the same', async () => {
    for (const path of ['/v1', '/v1/openapi.json']) {
      const plain = await api.get(path);
      const packed = await api.get(path, undefined, GZIP);
      expect(packed.headers.get('content-encoding'), path).toBe('gzip');
      expect(packed.headers.get('vary'), path).toBe('accept-encoding');
      const text = gunzipSync(await bodyBytes(packed)).toString('utf8');
      expect(text, path).toBe(await plain.text());
    }
  });

  it('dashboard files are sent as the build precompressed them: brotli, else gzip, else as they are', async () => {
    const brotli = await api.get('/assets/app-1a2b.js', undefined, GZIP);
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotli.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(await bodyBytes(brotli)).toString('utf8')).toBe(BIG_SCRIPT);

    const packed = await api.get('/assets/app-1a2b.js', undefined, { 'accept-encoding': 'gzip' });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bodyBytes(packed)).toString('utf8')).toBe(BIG_SCRIPT);

    const plain = await api.get('/assets/app-1a2b.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);

    // No precompressed copy (an image, a small script): as it is.
    const image = await api.get('/assets/logo.png', undefined, GZIP);
    expect(image.headers.get('content-encoding')).toBeNull();
    expect((await bodyBytes(image)).length).toBe(4096);
    const small = await api.get('/assets/small-3c4d.js', undefined, GZIP);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('export const small = 1;');
  });

  it('the page and the fixed documents carry an ETag: a revalidation that matches is a 304 without a body', async () => {
    for (const path of ['/', '/v1', '/v1/openapi.json']) {
      const first = await api.get(path);
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^"[^"]+"$/);
      const again = await api.get(path, undefined, { 'if-none-match': etag as string });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag'), path).toBe(etag);
      const other = await api.get(path, undefined, { 'if-none-match': '"something-else"' });
      expect(other.status, path).toBe(200);
    }
  });
});
