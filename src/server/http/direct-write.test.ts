import { OutgoingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../contract/resources';
import { DIRECT_MIN_BYTES } from './direct-write';
import { createListeners } from './testing/listen';
import { rawGet } from './testing/raw-get';
import { createSeededStore, createTestApp, keyedRequestsFor, type SeededStore } from './testing/seeded-store';

/**
 * Large keyed answers are written by the server's fetch straight to the Node response (keyed-pipeline.ts,
 * `directJson`), as a head and the cached UTF-8 bytes of the data. Here through a real node:http
 * server on a real socket: the bytes must be exactly what the ordinary path answers.
 */
let store: SeededStore;
let q: string;

const EnvelopeSchema = envelope(z.unknown());

const listeners = createListeners();
const listen = listeners.listen;

beforeAll(() => {
  store = createSeededStore();
  q = store.db
    .prepare(
      'SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 1',
    )
    .pluck()
    .get() as string;
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await listeners.closeAll();
  store.cleanup();
});

/** One request to the test server, with no Accept-Encoding unless given. */
const raw = (port: number, path: string, headers: Record<string, string>, method = 'GET') =>
  rawGet(`http://127.0.0.1:${port}${path}`, headers, { method });

/** The envelope's text without its meta (which differs from call to call). */
const dataText = (body: string) => body.slice(body.indexOf(',"data":'));

describe('direct writes of large answers', () => {
  it('send the same bytes as the ordinary path, with the exact Content-Length, spending one call each', async () => {
    const api = createTestApp(store, { directMinBytes: 0 });
    const port = await listen(api);
    const key = await api.newKey('business');
    const cork = vi.spyOn(OutgoingMessage.prototype, 'cork');
    // The query is echoed as sent: here with characters of two, three and four UTF-8 bytes (not
    // letters, so not words to match).
    const unicodeQ = `${q} ¦ — ★ 🃏`;
    const paths = keyedRequestsFor(unicodeQ, q);
    let remaining: number | undefined;
    for (const path of paths) {
      const direct = await raw(port, path, { 'x-api-key': key });
      expect(direct.status, path).toBe(200);
      expect(Number(direct.headers['content-length']), path).toBe(direct.body.length);
      expect(direct.headers['x-request-id'], path).toMatch(/./);
      expect(direct.headers['access-control-allow-origin'], path).toBe('*');
      expect(direct.headers.ratelimit, path).toMatch(/^"monthly";r=\d+;t=\d+$/);
      const text = direct.body.toString('utf8');
      const parsed = EnvelopeSchema.parse(JSON.parse(text));
      if (remaining !== undefined) expect(parsed.meta.remaining, path).toBe(remaining - 1);

      const ordinary = await api.get(path, key);
      const ordinaryText = await ordinary.text();
      expect(dataText(ordinaryText), path).toBe(dataText(text));
      remaining = EnvelopeSchema.parse(JSON.parse(ordinaryText)).meta.remaining;
      expect(remaining, path).toBe(parsed.meta.remaining - 1);
    }
    expect(cork).toHaveBeenCalledTimes(paths.length);
    const value = await raw(port, `/v1/value?q=${encodeURIComponent(unicodeQ)}`, { 'x-api-key': key });
    expect(JSON.parse(value.body.toString('utf8')).data.query).toBe(unicodeQ);
  });

  it('are used only from DIRECT_MIN_BYTES on, never for gzip, HEAD or errors', async () => {
    const api = createTestApp(store);
    const port = await listen(api);
    const key = await api.newKey('business');
    const cork = vi.spyOn(OutgoingMessage.prototype, 'cork');

    const small = await raw(port, '/v1/floor', { 'x-api-key': key });
    expect(small.body.length).toBeLessThan(DIRECT_MIN_BYTES);
    expect(cork).not.toHaveBeenCalled();

    const large = await raw(port, '/v1/index', { 'x-api-key': key });
    expect(large.body.length).toBeGreaterThanOrEqual(DIRECT_MIN_BYTES);
    expect(Number(large.headers['content-length'])).toBe(large.body.length);
    expect(cork).toHaveBeenCalledTimes(1);

    const gzipped = await raw(port, '/v1/index', { 'x-api-key': key, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const head = await raw(port, '/v1/index', { 'x-api-key': key }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(large.body.length);
    const refused = await raw(port, '/v1/index?from=2026-13-40', { 'x-api-key': key });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ error: 'invalid_parameter' });
    expect(cork).toHaveBeenCalledTimes(1);

    // The server still answers on the same connections afterwards.
    const again = await raw(port, '/v1/index', { 'x-api-key': key });
    expect(dataText(again.body.toString('utf8'))).toBe(dataText(large.body.toString('utf8')));
  });
});
