import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api/api-request';
import { sendTry } from './try-operation';

const KEY = `slab_live_${'c'.repeat(48)}`;

afterEach(() => vi.unstubAllGlobals());

/**
 * A server whose quota is `left`: /v1/usage reads it for free, GET spends one, If-None-Match gets a
 * 304. (A HEAD would spend what its GET does: the page never sends one.)
 */
function stubServer(left: number) {
  const seen: { method: string; path: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const method = init.method ?? 'GET';
      const path = new URL(url, 'http://localhost').pathname;
      seen.push({ method, path, headers });
      const rate = (r: number) => ({ ratelimit: `"monthly";r=${r};t=100`, etag: '"abc"' });
      if (path === '/v1/usage')
        return new Response(JSON.stringify({ data: { remaining: left } }), { status: 200 });
      if (headers['if-none-match'] === '"abc"')
        return new Response(null, { status: 304, headers: rate(left) });
      left -= 1;
      const body = { meta: { tier: 'pro', remaining: left, generated: '2026-11-15T00:00:00Z' }, data: {} };
      return new Response(JSON.stringify(body), { status: 200, headers: rate(left) });
    }),
  );
  return seen;
}

describe('sendTry', () => {
  const request = apiRequest('', '/v1/floor');

  it('reads the calls left from /v1/usage first (free), so the cost is known on a first call', async () => {
    const seen = stubServer(500);
    const onQuota = vi.fn();
    const result = await sendTry({ request, apiKey: KEY, remainingBefore: null, onQuota });
    expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/usage', 'GET /v1/floor']);
    expect(seen.every((call) => call.headers['x-api-key'] === KEY)).toBe(true);
    expect(result).toMatchObject({
      status: 200,
      remainingBefore: 500,
      remainingAfter: 499,
      cost: 1,
      etag: '"abc"',
    });
    expect(onQuota).toHaveBeenCalledWith(expect.objectContaining({ spent: true }));
  });

  it('a 304 to If-None-Match costs nothing and is not counted as spent', async () => {
    stubServer(499);
    const onQuota = vi.fn();
    const result = await sendTry({
      request,
      apiKey: KEY,
      ifNoneMatch: '"abc"',
      remainingBefore: null,
      onQuota,
    });
    expect(result).toMatchObject({
      status: 304,
      remainingBefore: 499,
      remainingAfter: 499,
      cost: 0,
      body: '',
    });
    expect(onQuota).toHaveBeenCalledWith(expect.objectContaining({ spent: false }));
  });

  it('a keyless operation sends no key and asks no usage', async () => {
    const seen = stubServer(10);
    const result = await sendTry({
      request: apiRequest('', '/v1/ping', {}, false),
      apiKey: KEY,
      remainingBefore: 3,
    });
    expect(seen).toEqual([{ method: 'GET', path: '/v1/ping', headers: { accept: 'application/json' } }]);
    expect(result.cost).toBe(0);
  });
});
