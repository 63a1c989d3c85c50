import { dehydrate, onlineManager, queryOptions } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { floorQuery } from './queries';
import { createQueryClient, followConnection, shouldPersistQuery, shouldRetry } from './query-client';

const KEY = `slab_live_${'c0ffee'.repeat(8)}`;
const api = { baseUrl: 'http://api.test', apiKey: KEY };
const http = (status: number) => new ApiError({ kind: 'http', status, code: 'x', hint: 'y', resetAt: null });

afterEach(() => vi.unstubAllGlobals());

describe('query defaults for a metered API', () => {
  it('never retries a 4xx or a contract violation; retries network twice and a 5xx once', () => {
    expect(shouldRetry(0, http(401))).toBe(false);
    expect(shouldRetry(0, http(429))).toBe(false);
    expect(shouldRetry(0, new ApiError({ kind: 'contract', path: 'data', issue: 'x' }))).toBe(false);
    expect(shouldRetry(0, http(503))).toBe(true);
    expect(shouldRetry(1, http(503))).toBe(false);
    expect(shouldRetry(1, new ApiError({ kind: 'network', detail: 'down' }))).toBe(true);
    expect(shouldRetry(2, new ApiError({ kind: 'network', detail: 'down' }))).toBe(false);
  });

  it('follows the connection before any query client is mounted, and believes an offline browser', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      followConnection();
      expect(onlineManager.isOnline()).toBe(false);
      window.dispatchEvent(new Event('online'));
      expect(onlineManager.isOnline()).toBe(true);
      window.dispatchEvent(new Event('offline'));
      expect(onlineManager.isOnline()).toBe(false);
    } finally {
      onLine.mockRestore();
      onlineManager.setOnline(true);
    }
  });

  it('does not refetch on focus or reconnect', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults?.refetchOnWindowFocus).toBe(false);
    expect(defaults?.refetchOnReconnect).toBe(false);
  });

  it('keys queries by base URL, path and params, never by the key', () => {
    const options = floorQuery(api, { category: 'pokemon' });
    expect(options.queryKey).toEqual([
      'slab',
      { baseUrl: 'http://api.test', path: '/v1/floor', params: { category: 'pokemon' }, keyed: true },
    ]);
    expect(JSON.stringify(options.queryKey)).not.toContain(KEY);
    expect(floorQuery({ ...api, apiKey: null }).enabled).toBe(false);
  });

  it('persists fetched answers without the key, and never an answer marked persist: false (one holding a key)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json(
          url.endsWith('/v1/demo-key')
            ? { key: KEY, tier: 'free', expires_at: '2026-11-22T09:30:00.000Z' }
            : {
                meta: { tier: 'pro', remaining: 5, generated: '2026-11-15T10:00:00Z' },
                data: { as_of: '2026-11-15', categories: [] },
              },
        ),
      ),
    );
    const client = createQueryClient();
    await client.fetchQuery(floorQuery(api));
    await client.fetchQuery(
      queryOptions({
        queryKey: ['slab', { baseUrl: api.baseUrl, path: '/v1/demo-key' }],
        queryFn: async () => (await fetch(`${api.baseUrl}/v1/demo-key`)).json(),
        meta: { persist: false },
      }),
    );

    const persisted = dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery });
    expect(persisted.queries).toHaveLength(1);
    expect(persisted.queries[0]?.queryKey[1]).toMatchObject({ path: '/v1/floor' });
    expect(JSON.stringify(persisted)).not.toContain(KEY);
  });
});
