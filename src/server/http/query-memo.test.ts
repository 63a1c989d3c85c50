import { describe, expect, it } from 'vitest';
import { QueryMemo, rawQuery } from './query-memo';

describe('rawQuery', () => {
  it.each([
    ['/v1/floor', ''],
    ['/v1/index?category=pokemon&from=2026-09-01', 'category=pokemon&from=2026-09-01'],
    ['http://localhost/v1/sold?q=a%20b', 'q=a%20b'],
    ['/v1/sold?q=what?', 'q=what?'],
    ['/v1/floor?', ''],
  ])('%s -> %s', (url, expected) => {
    expect(rawQuery(url)).toBe(expected);
  });
});

describe('QueryMemo', () => {
  it('keeps accepted query texts, never one that may carry a key', () => {
    const memo = new QueryMemo<{ q: string }>();
    memo.remember('q=charizard', { params: { q: 'charizard' }, cacheKey: 'value {"q":"charizard"}' });
    memo.remember('q=charizard&key=slab_live_abc', { params: { q: 'charizard' }, cacheKey: 'x' });
    expect(memo.get('q=charizard')?.params).toEqual({ q: 'charizard' });
    expect(memo.get('q=charizard&key=slab_live_abc')).toBeUndefined();
    expect(memo.size).toBe(1);
  });

  it('holds at most 1,024 texts: a full memo starts over', () => {
    const memo = new QueryMemo<number>();
    for (let i = 0; i < 1024; i++) memo.remember(`n=${i}`, { params: i, cacheKey: `op ${i}` });
    expect(memo.size).toBe(1024);
    memo.remember('n=1024', { params: 1024, cacheKey: 'op 1024' });
    expect(memo.size).toBe(1);
    expect(memo.get('n=0')).toBeUndefined();
    expect(memo.get('n=1024')?.cacheKey).toBe('op 1024');
  });
});
