import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloorResponseSchema, PingSchema } from '../../../contract/resources';
import type { QuotaObservation } from '../quota/quota-store';
import { ApiError } from './api-error';
import { apiFetch } from './api-fetch';
import { apiRequest } from './api-request';
import { forgetAnswers } from './revalidation';

const KEY = `slab_live_${'ab12'.repeat(12)}`;
const META = { tier: 'pro', remaining: 49_999, generated: '2026-11-15T10:00:00.000Z' };
const FLOOR = {
  as_of: '2026-11-15',
  categories: [
    { category: 'pokemon', avg: 120.5, median: 80, listings: 40, floor_min: 3.5, total_value: 4820 },
    { category: 'baseball', avg: 60, median: 45, listings: 10, floor_min: 2, total_value: 600 },
  ],
};

function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const floorRequest = apiRequest('http://api.test', '/v1/floor', { category: 'pokemon' });
/** The floor call every test makes, with its quota listener. */
const fetchFloor = (onQuota: (observation: QuotaObservation) => void) =>
  apiFetch({ request: floorRequest, apiKey: KEY, schema: () => FloorResponseSchema, onQuota });

async function catchApiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetAnswers();
});

describe('apiFetch', () => {
  it('sends the key in the x-api-key header only, never in the URL, and returns the parsed envelope', async () => {
    const fetchMock = respond(200, { meta: META, data: FLOOR });
    const body = await apiFetch({
      request: floorRequest,
      apiKey: KEY,
      schema: (schemas) => schemas.FloorResponseSchema,
      onQuota: vi.fn(),
    });

    expect(body.data.categories[0]?.total_value).toBe(4820);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/v1/floor?category=pokemon');
    expect(url).not.toContain(KEY);
    expect(new Headers(init?.headers).get('x-api-key')).toBe(KEY);
    // The browser cache must not revalidate on its own: a 304's stored body carries an old meta.
    expect(init?.cache).toBe('no-store');
  });

  it('feeds the quota store from meta and the RateLimit headers, counting a spent call', async () => {
    respond(
      200,
      { meta: META, data: FLOOR },
      {
        'RateLimit-Policy': '"monthly";q=50000;w=2592000',
        RateLimit: '"monthly";r=49999;t=86400',
      },
    );
    const onQuota = vi.fn<(observation: QuotaObservation) => void>();
    await fetchFloor(onQuota);

    expect(onQuota).toHaveBeenCalledTimes(1);
    const observation = onQuota.mock.calls[0]?.[0];
    expect(observation?.meta).toEqual(META);
    expect(observation?.rateLimit).toMatchObject({ limit: 50_000, remaining: 49_999, resetSeconds: 86_400 });
    expect(observation?.spent).toBe(true);
  });

  it('turns a 401 {error, hint} body into a typed http error that spends nothing', async () => {
    respond(401, { error: 'missing_or_malformed_key', hint: 'Send your API key in the x-api-key header.' });
    const onQuota = vi.fn<(observation: QuotaObservation) => void>();
    const error = await catchApiError(fetchFloor(onQuota));

    expect(error.problem).toMatchObject({
      kind: 'http',
      status: 401,
      code: 'missing_or_malformed_key',
      hint: 'Send your API key in the x-api-key header.',
    });
    expect(onQuota.mock.calls[0]?.[0].spent).toBe(false);
    expect(error.message).not.toContain(KEY);
  });

  it('gives a 429 the date its quota resets, from Retry-After', async () => {
    respond(
      429,
      { error: 'quota_exceeded', hint: 'The monthly quota resets on 2026-12-01.' },
      { 'Retry-After': '3600' },
    );
    const before = Date.now();
    const error = await catchApiError(fetchFloor(vi.fn()));

    expect(error.problem.kind).toBe('http');
    if (error.problem.kind !== 'http') return;
    expect(error.problem.code).toBe('quota_exceeded');
    expect(error.problem.resetAt?.getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(error.problem.resetAt?.getTime()).toBeLessThan(before + 3_660_000);
  });

  it('reports a contract violation with the path of the failing field', async () => {
    const broken = {
      ...FLOOR,
      categories: [FLOOR.categories[0], { ...FLOOR.categories[1], total_value: 'lots' }],
    };
    respond(200, { meta: META, data: broken });
    const error = await catchApiError(fetchFloor(vi.fn()));

    expect(error.problem).toMatchObject({ kind: 'contract', path: 'data.categories[1].total_value' });
    expect(error.message).toContain('unexpected shape');
  });

  it('treats a 2xx that is not JSON as a contract violation of the whole body', async () => {
    respond(200, '<!doctype html><p>not an API</p>');
    const error = await catchApiError(fetchFloor(vi.fn()));
    expect(error.problem).toMatchObject({ kind: 'contract', path: '(the whole body)' });
  });

  it('names the status when an error answer has no {error, hint} body', async () => {
    respond(502, 'Bad gateway');
    const error = await catchApiError(fetchFloor(vi.fn()));
    expect(error.problem).toMatchObject({ kind: 'http', status: 502, code: 'http_502' });
  });

  it('turns a failed fetch into a network error without the key in it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = await catchApiError(fetchFloor(vi.fn()));
    expect(error.problem).toEqual({ kind: 'network', detail: 'Failed to fetch' });
    expect(JSON.stringify(error.problem) + error.message).not.toContain(KEY);
  });

  it('sends no key to keyless endpoints and leaves the quota alone', async () => {
    const fetchMock = respond(200, { ok: true, service: 'slab', ts: '2026-11-15T10:00:00.000Z' });
    const onQuota = vi.fn();
    const ping = await apiFetch({
      request: apiRequest('', '/v1/ping', {}, false),
      apiKey: KEY,
      schema: () => PingSchema,
      onQuota,
    });

    expect(ping.ok).toBe(true);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/ping');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('x-api-key')).toBe(false);
    expect(onQuota).not.toHaveBeenCalled();
  });

  it('revalidates with If-None-Match: an unchanged answer is a 304 that spends nothing and returns the kept body', async () => {
    const first = respond(200, { meta: META, data: FLOOR }, { etag: '"floor-v1"' });
    const quota = vi.fn();
    await fetchFloor(quota);
    expect(new Headers(first.mock.calls[0]?.[1]?.headers).get('if-none-match')).toBeNull();

    const second = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(null, {
          status: 304,
          headers: { etag: '"floor-v1"', ratelimit: '"monthly";r=49998;t=100' },
        }),
    );
    vi.stubGlobal('fetch', second);
    const again = await fetchFloor(quota);
    expect(new Headers(second.mock.calls[0]?.[1]?.headers).get('if-none-match')).toBe('"floor-v1"');
    expect(again.data).toEqual(FLOOR);
    expect(quota).toHaveBeenLastCalledWith(
      expect.objectContaining({
        meta: null,
        spent: false,
        rateLimit: expect.objectContaining({ remaining: 49_998 }),
      }),
    );

    // A changed answer is a 200 with another tag: it replaces the kept one.
    const changed = { ...FLOOR, as_of: '2026-11-16' };
    respond(200, { meta: META, data: changed }, { etag: '"floor-v2"' });
    expect((await fetchFloor(quota)).data).toEqual(changed);
    const third = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 304 }));
    vi.stubGlobal('fetch', third);
    expect((await fetchFloor(quota)).data).toEqual(changed);
    expect(new Headers(third.mock.calls[0]?.[1]?.headers).get('if-none-match')).toBe('"floor-v2"');
  });

  it('never revalidates keyless requests, and keeps nothing of an answer without an ETag', async () => {
    respond(200, { meta: META, data: FLOOR });
    await fetchFloor(vi.fn());
    const next = respond(200, { meta: META, data: FLOOR });
    await fetchFloor(vi.fn());
    expect(new Headers(next.mock.calls[0]?.[1]?.headers).get('if-none-match')).toBeNull();
  });
});
