import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededStore, createTestApp, type SeededStore, type TestApp } from './testing/seeded-store';

/** Browsers: CORS from any origin, the dashboard on the same origin with SPA fallback, headers. */
let store: SeededStore;
let api: TestApp;
let webDir: string;

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  store = createSeededStore();
  webDir = join(store.dir, 'web');
  mkdirSync(join(webDir, 'assets'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js'), 'console.log("dashboard");');
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js.map'), SOURCE_MAP);
  writeFileSync(join(webDir, 'robots.txt'), 'User-agent: *');
  writeFileSync(join(store.dir, 'secret.txt'), 'outside the dist directory');
  api = createTestApp(store, { config: { SLAB_DEMO: false, SLAB_WEB_DIST: webDir } });
});
afterAll(() => store.cleanup());

const ORIGIN = 'https://dashboard.elsewhere.example';
const SOURCE_MAP = '{"version":3,"sources":["../../src/web/main.tsx"],"mappings":""}';

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
    const response = await api.get('/v1/floor', await api.newKey(), { Origin: ORIGIN });
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

  it("with the build's pages.json, a path that is no page of the dashboard gets the page with a 404 status", async () => {
    const distDir = join(store.dir, 'web-with-pages');
    mkdirSync(distDir, { recursive: true });
    writeFileSync(join(distDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(distDir, 'pages.json'), JSON.stringify(['/', '/value', '/movers']));
    const site = createTestApp(store, { config: { SLAB_DEMO: false, SLAB_WEB_DIST: distDir } });
    for (const path of ['/', '/value', '/movers/', '/value?q=charizard']) {
      const response = await site.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('etag'), path).toBeTruthy();
    }
    for (const path of ['/valeu', '/movers/pokemon', '/deep/route/']) {
      const response = await site.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(await response.text(), path).toBe(INDEX_HTML);
    }
  });

  it("the page's 304 carries the page's policy, not the API's (a browser applies a 304's CSP to the page it keeps)", async () => {
    for (const path of ['/', '/value']) {
      const first = await api.request(path);
      const etag = first.headers.get('etag') as string;
      const again = await api.request(path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(again.headers.get('content-security-policy'), path).not.toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(again.headers.get('x-frame-options'), path).toBe('DENY');
      expect(again.headers.get('x-request-id'), path).toBeTruthy();
    }
  });

  it('serves built assets with their type and a long cache; a missing asset is 404, not the page', async () => {
    const asset = await api.request('/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('Cache-Control')).toContain('immutable');
    expect((await api.request('/assets/gone-9z.js')).status).toBe(404);
  });

  it('serves no source map unless webSourceMaps is set (issue 16)', async () => {
    for (const path of ['/assets/app-1a2b.js.map', '/assets/app-1a2b.js.MAP', '/assets/gone.js.map']) {
      const response = await api.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('sources');
    }
    const debug = createTestApp(store, {
      config: { SLAB_DEMO: false, SLAB_WEB_DIST: webDir },
      webSourceMaps: true,
    });
    const map = await debug.request('/assets/app-1a2b.js.map');
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toBe('application/json');
    expect(await map.text()).toBe(SOURCE_MAP);
  });

  it('an encoded slash, backslash or dot-dot in a path is a 404, never the page under a year-long cache', async () => {
    for (const path of [
      '/assets/..%2findex.html',
      '/assets/..%2Findex.html',
      '/assets/%2e%2e%2findex.html',
      '/assets/..%5cindex.html',
      '/assets%2fapp-1a2b.js',
      '/assets/x%2f..%2f..%2findex.html',
      '/assets/..%2f',
    ]) {
      const response = await api.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('application/json');
      expect(response.headers.get('Cache-Control') ?? '', path).not.toContain('immutable');
      expect(await response.text(), path).not.toContain('<!doctype html>');
    }
    // An encoded dot segment is a dot segment to the URL parser: this is /index.html itself, no-cache.
    const page = await api.request('/assets/%2e%2e/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('a bad percent-encoding or a control character is a 400, never the page', async () => {
    for (const path of [
      '/index.html%00.js',
      '/assets/%ff.js',
      '/%ff',
      '/value%00',
      '/assets/%e2%82.js',
      '/%0aroute',
    ]) {
      const response = await api.request(path);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({ error: 'invalid_parameter' });
    }
  });

  it('a missing file with any extension is a 404; extension-less routes still get the page', async () => {
    for (const path of ['/missing.html', '/favicon.ico', '/assets/gone.css', '/robots.txt.bak']) {
      const response = await api.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toMatchObject({ error: 'not_found' });
    }
    expect(await (await api.request('/robots.txt')).text()).toBe('User-agent: *');
    for (const path of ['/index', '/sold', '/value?q=charizard', '/movers/pokemon', '/%E2%9C%93']) {
      const response = await api.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(INDEX_HTML);
    }
    const page = await api.request('/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('on a real socket (request targets as sent, not normalized by a client), the same answers', async () => {
    const server = createServer(getRequestListener(api.fetch));
    await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
    const { port } = server.address() as { port: number };
    /** The status line and body of one raw HTTP/1.1 request for `target`. */
    const send = (target: string) =>
      new Promise<string>((done, fail) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
        );
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => done(Buffer.concat(chunks).toString('latin1')));
        socket.on('error', fail);
      });
    try {
      for (const [target, status] of [
        ['/assets/..%2findex.html', 404],
        ['/assets/%2E%2E%2Findex.html', 404],
        ['/assets/app-1a2b.js.map', 404],
        ['/index.html%00.js', 400],
        ['/assets/%ff.js', 400],
        ['/assets/app-1a2b.js', 200],
        ['/movers/pokemon', 200],
      ] as const) {
        const answer = await send(target);
        expect(answer.slice(0, 12), target).toBe(`HTTP/1.1 ${status}`);
        if (status !== 200) expect(answer, target).not.toMatch(/immutable|<!doctype html>/i);
      }
      // An encoded dot segment is normalized away (by the server's URL parsing): /index.html, no-cache.
      const page = await send('/assets/%2e%2e/index.html');
      expect(page.slice(0, 12)).toBe('HTTP/1.1 200');
      expect(page).toMatch(/cache-control: no-cache/i);
      expect(page).not.toMatch(/immutable/i);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
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

describe('demo mode: personal demo keys (decisions.md, "Demo keys")', () => {
  const demoApp = (fresh: SeededStore, clock: { at: Date }, perHour?: number) =>
    createTestApp(fresh, {
      config: {
        SLAB_DEMO: true,
        SLAB_WEB_DIST: webDir,
        ...(perHour === undefined ? {} : { SLAB_DEMO_KEYS_PER_HOUR: perHour }),
      },
      now: () => clock.at,
    });

  it('mints a new free key for each visitor, labelled demo, that works for 7 days and then is refused', async () => {
    const fresh = createSeededStore();
    try {
      const clock = { at: new Date('2026-11-20T12:00:00Z') };
      const app = demoApp(fresh, clock);
      const first = await app.get('/v1/demo-key');
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('no-store');
      const minted = await first.json();
      expect(minted).toEqual({
        key: expect.stringMatching(/^slab_live_[0-9a-f]{48}$/),
        tier: 'free',
        expires_at: '2026-11-27T12:00:00.000Z',
      });
      const second = await (await app.get('/v1/demo-key')).json();
      expect(second.key).not.toBe(minted.key);
      expect((await app.keys.list()).map((key) => [key.label, key.tier, key.expires_at])).toEqual([
        ['demo', 'free', '2026-11-27T12:00:00.000Z'],
        ['demo', 'free', '2026-11-27T12:00:00.000Z'],
      ]);
      const used = await app.get('/v1/floor', minted.key);
      expect(used.status).toBe(200);
      expect((await used.json()).meta.tier).toBe('free');
      // one minute before the expiry it works; at the expiry it is a 401 that says why
      clock.at = new Date('2026-11-27T11:59:00Z');
      expect((await app.get('/v1/floor', minted.key)).status).toBe(200);
      clock.at = new Date('2026-11-27T12:00:00Z');
      const expired = await app.get('/v1/floor', minted.key);
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toBe('ApiKey header="x-api-key"');
      expect((await expired.json()).hint).toMatch(/expired on 2026-11-27 12:00 UTC.*GET \/v1\/demo-key/);
      // the next mint removes the expired keys, and their usage
      await app.get('/v1/demo-key');
      expect(await app.keys.list()).toHaveLength(1);
      expect(fresh.db.prepare('SELECT COUNT(*) FROM key_usage').pluck().get()).toBe(0);
    } finally {
      fresh.cleanup();
    }
  });

  it('limits minting per client address: past the hourly number, 429 rate_limited with Retry-After', async () => {
    const fresh = createSeededStore();
    try {
      const clock = { at: new Date('2026-11-20T12:00:00Z') };
      const app = demoApp(fresh, clock, 3);
      for (let i = 0; i < 3; i++) expect((await app.get('/v1/demo-key')).status).toBe(200);
      const refused = await app.get('/v1/demo-key');
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1200');
      expect(await refused.json()).toMatchObject({
        error: 'rate_limited',
        hint: expect.stringMatching(/3 demo keys in the last hour/),
      });
      expect(await app.keys.count()).toBe(3);
      // a third of the hour later, one more
      clock.at = new Date('2026-11-20T12:20:00Z');
      expect((await app.get('/v1/demo-key')).status).toBe(200);
      expect((await app.get('/v1/demo-key')).status).toBe(429);
    } finally {
      fresh.cleanup();
    }
  });

  it('only a GET mints: HEAD /v1/demo-key is 405 with Allow: GET, OPTIONS, and mints nothing', async () => {
    const fresh = createSeededStore();
    try {
      const app = demoApp(fresh, { at: new Date('2026-11-20T12:00:00Z') });
      for (const method of ['HEAD', 'POST']) {
        const response = await app.request('/v1/demo-key', { method });
        expect(response.status, method).toBe(405);
        expect(response.headers.get('allow'), method).toBe('GET, OPTIONS');
      }
      expect(await app.keys.count()).toBe(0);
      const body = await (await app.request('/v1/demo-key', { method: 'POST' })).json();
      expect(body).toEqual({
        error: 'method_not_allowed',
        hint: '/v1/demo-key answers GET and OPTIONS only.',
      });
    } finally {
      fresh.cleanup();
    }
  });

  it('SLAB_DEMO=0: no demo key is made and no endpoint reveals a key', async () => {
    const fresh = createSeededStore();
    try {
      const app = createTestApp(fresh, { config: { SLAB_DEMO: false, SLAB_WEB_DIST: webDir } });
      const response = await app.get('/v1/demo-key');
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found' });
      expect(await app.keys.count()).toBe(0);
      const index = await (await app.get('/v1')).json();
      expect(index.endpoints['GET /v1/demo-key']).toBeUndefined();
    } finally {
      fresh.cleanup();
    }
  });
});
