import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexDocumentQuery, openapiDocumentQuery } from '../lib/api/queries';
import { baseUrlStore } from '../lib/settings/base-url-store';
import { type LazyPagePath, lazyPage, PREFETCH_WAIT_MS, startLoadingPage } from './page-loaders';
import { PAGE_PATHS } from './page-paths';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('page loaders', () => {
  it('has a preloadable lazy component for every page but the floor, which is in the entry', () => {
    for (const path of PAGE_PATHS.filter((page): page is LazyPagePath => page !== '/')) {
      expect(typeof lazyPage(path).preload, path).toBe('function');
    }
  });

  it('starts nothing for the floor or a path that is no page, and never throws', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    expect(() => startLoadingPage('/', client)).not.toThrow();
    expect(() => startLoadingPage('/no-such-page/', client)).not.toThrow();
    await expect(startLoadingPage('/', client)).resolves.toBeUndefined();
    expect(client.getQueryCache().getAll()).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for the OpenAPI and service documents with the docs page, under the keys the page reads, without a key', async () => {
    const fetch = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    vi.useFakeTimers();
    const prefetched = startLoadingPage('/docs/', client);
    const api = { baseUrl: baseUrlStore.get() };
    for (const { queryKey } of [openapiDocumentQuery(api), indexDocumentQuery(api)]) {
      expect(client.getQueryState(queryKey)?.fetchStatus).toBe('fetching');
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(2);
    // The answer never comes: the first render waits for it no longer than PREFETCH_WAIT_MS.
    let settled = false;
    void prefetched.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(PREFETCH_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => new URL(url, 'http://localhost').pathname).sort()).toEqual([
      '/v1',
      '/v1/openapi.json',
    ]);
    for (const [, init] of calls) {
      expect(Object.keys(init.headers as Record<string, string>)).not.toContain('x-api-key');
    }
  });
});
