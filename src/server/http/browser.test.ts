import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededStore, createTestApp, type SeededStore, type TestApp } from './testing/seeded-store';

/** Browsers: CORS from any origin, the dashboard on the same origin with SPA fallback, headers. */
let store: SeededStore;
let api: TestApp;
let webDir: string;

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(() => {
  store = createSeededStore();
  webDir = join(store.dir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js'), 'console.log("dashboard");');
  writeFileSync(join(store.dir, 'secret.txt'), 'outside the dist directory');
  api = createTestApp(store, { config: { SLAB_DEMO: false, SLAB_WEB_DIST: webDir } });
});
afterAll(() => store.cleanup());

const ORIGIN = 'https://dashboard.elsewhere.example';

describe('CORS', () => {
  it('a preflight from any origin is answered without a key, allowing GET with x-api-key', async () => {
    const response = await api.request('/v3/value?q=charizard', {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-api-key',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('GET');
    expect(response.headers.get('Access-Control-Allow-Headers')?.split(',')).toContain('x-api-key');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('a keyed GET exposes the RateLimit headers and x-request-id to the page', async () => {
    const response = await api.get('/v1/floor', api.newKey(), { Origin: ORIGIN });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const exposed = response.headers.get('Access-Control-Expose-Headers')?.split(',') ?? [];
    expect(exposed).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimit-Policy', 'Retry-After', 'x-request-id']),
    );
  });

  it('errors carry CORS headers too, so a page can read the hint', async () => {
    const response = await api.get('/v1/floor', undefined, { Origin: ORIGIN });
    expect(response.status).toBe(401);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});

describe('the dashboard on the same origin', () => {
  it('serves index.html at / and for unknown page paths (SPA routes), with the page security headers', async () => {
    for (const path of ['/', '/value', '/movers/pokemon?x=1', '/deep/route/']) {
      const response = await api.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toBe(INDEX_HTML);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("connect-src 'self' https: http:");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('Referrer-Policy')).toBe('no-referrer');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
    }
  });

  it('serves built assets with their type and a long cache; a missing asset is 404, not the page', async () => {
    const asset = await api.request('/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    expect((await api.request('/assets/gone-9z.js')).status).toBe(404);
  });

  it('never serves a file outside the dist directory', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await api.request(path);
      expect(await response.text()).not.toContain('outside the dist directory');
    }
  });

  it('unknown /v1 and /v3 paths are JSON not_found, never the page', async () => {
    for (const path of ['/v1/dashboard', '/v3/', '/v3/sold', '/v1/floor/extra']) {
      const response = await api.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('API answers are JSON with nosniff and a locked-down CSP', async () => {
    const response = await api.request('/v1/ping');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});

describe('demo mode', () => {
  it('SLAB_DEMO on: a store without keys gets a free demo key, offered at /v1/demo-key and kept across restarts', async () => {
    const fresh = createSeededStore();
    try {
      const first = createTestApp(fresh, { config: { SLAB_DEMO: true, SLAB_WEB_DIST: webDir } });
      expect(first.demoKey?.created).toBe(true);
      const offered = await (await first.get('/v1/demo-key')).json();
      expect(offered).toEqual({ key: first.demoKey?.key, tier: 'free' });
      const used = await (await first.get('/v1/floor', offered.key)).json();
      expect(used.meta.tier).toBe('free');
      first.close();
      const again = createTestApp(fresh, { config: { SLAB_DEMO: true, SLAB_WEB_DIST: webDir } });
      expect(again.demoKey).toEqual({ key: offered.key, tier: 'free', created: false });
      const doc = await (await again.get('/v1/openapi.json')).json();
      expect(doc.paths['/v1/demo-key']).toBeDefined();
      // revoking the demo key withdraws it from the dashboard
      again.keys.revoke(again.keys.list()[0]!.id);
      expect((await again.get('/v1/demo-key')).status).toBe(404);
    } finally {
      fresh.cleanup();
    }
  });

  it('SLAB_DEMO=0: no demo key is made and no endpoint reveals a key', async () => {
    const fresh = createSeededStore();
    try {
      const app = createTestApp(fresh, { config: { SLAB_DEMO: false, SLAB_WEB_DIST: webDir } });
      expect(app.demoKey).toBeNull();
      expect(app.keys.count()).toBe(0);
      const response = await app.get('/v1/demo-key');
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
      const index = await (await app.get('/v1')).json();
      expect(index.endpoints['GET /v1/demo-key']).toBeUndefined();
    } finally {
      fresh.cleanup();
    }
  });

  it('a store that already has keys gets no demo key', async () => {
    api.newKey('free');
    const app = createTestApp(store, { config: { SLAB_DEMO: true, SLAB_WEB_DIST: webDir } });
    expect(app.demoKey).toBeNull();
    expect((await app.get('/v1/demo-key')).status).toBe(404);
  });
});
