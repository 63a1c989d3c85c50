import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isFreshInCache } from './cache-freshness';

describe('isFreshInCache', () => {
  it('is false for a query the cache has never seen', () => {
    expect(isFreshInCache(new QueryClient(), { queryKey: ['slab', 'x'], staleTime: 60_000 })).toBe(false);
  });

  it('is true for cached data within its stale time, false once it is stale', () => {
    const client = new QueryClient();
    client.setQueryData(['slab', 'x'], { median: 1 }, { updatedAt: Date.now() - 10_000 });
    expect(isFreshInCache(client, { queryKey: ['slab', 'x'], staleTime: 60_000 })).toBe(true);
    expect(isFreshInCache(client, { queryKey: ['slab', 'x'], staleTime: 5_000 })).toBe(false);
  });

  it('reads a staleTime given as a function of the query, as queries.ts does', () => {
    const client = new QueryClient();
    client.setQueryData(['slab', 'y'], { median: 1 });
    const untilTomorrow = (query: { state: { dataUpdatedAt: number } }) =>
      query.state.dataUpdatedAt + 3_600_000 - Date.now();
    expect(isFreshInCache(client, { queryKey: ['slab', 'y'], staleTime: untilTomorrow })).toBe(true);
    expect(isFreshInCache(client, { queryKey: ['slab', 'y'], staleTime: () => 0 })).toBe(false);
  });

  it('counts a cached error as answered only when the caller says it settles the question', async () => {
    const client = new QueryClient();
    const noMatch = new Error('no_match');
    await client
      .fetchQuery({ queryKey: ['slab', 'w'], queryFn: () => Promise.reject(noMatch), retry: false })
      .catch(() => undefined);
    expect(isFreshInCache(client, { queryKey: ['slab', 'w'], staleTime: 60_000 })).toBe(false);
    expect(
      isFreshInCache(client, { queryKey: ['slab', 'w'], staleTime: 60_000 }, (error) => error === noMatch),
    ).toBe(true);
    expect(isFreshInCache(client, { queryKey: ['slab', 'w'], staleTime: 60_000 }, () => false)).toBe(false);
  });

  it('is false for an invalidated query', async () => {
    const client = new QueryClient();
    client.setQueryData(['slab', 'z'], { median: 1 });
    await client.invalidateQueries({ queryKey: ['slab', 'z'] });
    expect(isFreshInCache(client, { queryKey: ['slab', 'z'], staleTime: 60_000 })).toBe(false);
  });
});
