import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createListeners } from './testing/listen';
import { rawGet } from './testing/raw-get';
import { createSeededStore, createTestApp, type SeededStore } from './testing/seeded-store';

/**
 * Issue 16: the links of GET /v1 and the OpenAPI `servers` come from SLAB_PUBLIC_URL, or are
 * relative; the Host header a client sends never reaches a body.
 */
let store: SeededStore;

const listeners = createListeners();
const listen = listeners.listen;

beforeAll(() => {
  store = createSeededStore();
});
afterAll(async () => {
  await listeners.closeAll();
  store.cleanup();
});

const FORGED = 'attacker.example';
const DOCUMENTS = ['/v1', '/v1/openapi.json', '/v1/ping', '/v1/floor', '/no-such-page'];

describe('a forged Host header', () => {
  it('appears in no body, on a real socket, with or without X-Forwarded-Proto and Host', async () => {
    for (const publicUrl of [undefined, 'https://api.slab.example']) {
      const app = createTestApp(store, {
        config: { SLAB_DEMO: false, SLAB_WEB_DIST: '/nonexistent', SLAB_PUBLIC_URL: publicUrl },
      });
      const port = await listen(app);
      for (const path of DOCUMENTS) {
        for (const headers of [
          { host: FORGED } as Record<string, string>,
          { host: `${FORGED}:8443`, 'x-forwarded-proto': 'https', 'x-forwarded-host': FORGED },
        ]) {
          const answer = await rawGet(`http://127.0.0.1:${port}${path}`, headers);
          expect(answer.body.toString('utf8'), `${path} ${publicUrl}`).not.toContain(FORGED);
        }
      }
    }
  });

  it('does not change the document: every Host gets the same bytes and ETag', async () => {
    const app = createTestApp(store);
    const port = await listen(app);
    for (const path of ['/v1', '/v1/openapi.json']) {
      const answers = await Promise.all(
        ['a.example', 'b.example', '127.0.0.1'].map((host) =>
          rawGet(`http://127.0.0.1:${port}${path}`, { host }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.body.equals(answers[0]!.body), path).toBe(true);
        expect(answer.headers.etag).toBe(answers[0]!.headers.etag);
      }
    }
  });
});

describe('links', () => {
  it('without SLAB_PUBLIC_URL are relative: docs /docs, spec /v1/openapi.json, servers [{url: /}]', async () => {
    const app = createTestApp(store);
    const index = await (await app.request('/v1', { headers: { host: 'api.example.com' } })).json();
    expect(index.docs).toBe('/docs');
    expect(index.spec).toBe('/v1/openapi.json');
    const spec = await (await app.get('/v1/openapi.json')).json();
    expect(spec.servers).toEqual([{ url: '/' }]);
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.paths['/v1/floor']).toBeDefined();
  });

  it('with SLAB_PUBLIC_URL use it (as loaded from the environment)', async () => {
    const { SLAB_PUBLIC_URL } = loadConfig({ SLAB_PUBLIC_URL: 'https://API.slab.example/' });
    expect(SLAB_PUBLIC_URL).toBe('https://api.slab.example');
    const app = createTestApp(store, {
      config: { SLAB_DEMO: false, SLAB_WEB_DIST: '/nonexistent', SLAB_PUBLIC_URL },
    });
    const index = await (await app.request('/v1', { headers: { host: FORGED } })).json();
    expect(index.docs).toBe('https://api.slab.example/docs');
    expect(index.spec).toBe('https://api.slab.example/v1/openapi.json');
    const spec = await (await app.get('/v1/openapi.json')).json();
    expect(spec.servers).toEqual([{ url: 'https://api.slab.example' }]);
  });
});

describe('SLAB_PUBLIC_URL in the configuration', () => {
  it('is optional, and takes an http(s) origin with an optional port and trailing slash', () => {
    expect(loadConfig({}).SLAB_PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ SLAB_PUBLIC_URL: '' }).SLAB_PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ SLAB_PUBLIC_URL: 'http://10.0.0.5:8787' }).SLAB_PUBLIC_URL).toBe(
      'http://10.0.0.5:8787',
    );
    expect(loadConfig({ SLAB_PUBLIC_URL: 'https://api.example.com:443/' }).SLAB_PUBLIC_URL).toBe(
      'https://api.example.com',
    );
  });

  it('refuses a relative, non-http, pathed, query or credentialed URL', () => {
    for (const bad of [
      'api.example.com',
      '/v1',
      'ftp://api.example.com',
      'javascript:alert(1)',
      'https://api.example.com/v1',
      'https://api.example.com/?x=1',
      'https://api.example.com/#top',
      'https://user:pw@api.example.com',
    ]) {
      expect(() => loadConfig({ SLAB_PUBLIC_URL: bad }), bad).toThrow(/SLAB_PUBLIC_URL/);
    }
  });
});
