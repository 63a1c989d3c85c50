import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api/api-request';
import { sendTry } from './try-operation';

const KEY = `slab_live_${'c'.repeat(48)}`;

afterEach(() => vi.unstubAllGlobals());

/** A server whose quota is `left`: HEAD reads it for free, GET spends one, If-None-Match gets a 304. */
function stubServer(left: number) {
  const seen: { method: string; headers: Record<string, string> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      const method = init.method ?? 'GET';
      seen.push({ method, headers });
      const rate = (r: number) => ({ ratelimit: `"monthly";r=${r};t=100`, etag: '"abc"' });
      // A HEAD says what the GET would: its RateLimit is what a GET would leave.
      if (method === 'HEAD') return new Response(null, { status: 200, headers: rate(left - 1) });
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

  it('reads the calls left with a free HEAD first, so the cost is known on a first call', async () => {
    const seen = stubServer(500);
    const onQuota = vi.fn();
    const result = await sendTry({ request, apiKey: KEY, remainingBefore: null, onQuota });
    expect(seen.map((call) => call.method)).toEqual(['HEAD', 'GET']);
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

  it('a keyless operation sends no key and no HEAD', async () => {
    const seen = stubServer(10);
    const result = await sendTry({
      request: apiRequest('', '/v1/ping', {}, false),
      apiKey: KEY,
      remainingBefore: 3,
    });
    expect(seen).toEqual([{ method: 'GET', headers: { accept: 'application/json' } }]);
    expect(result.cost).toBe(0);
  });
});
