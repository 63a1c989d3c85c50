import { getQueryParams } from 'hono/utils/url';
import { describe, expect, it } from 'vitest';
import { mayHoldKey, QueryMemo, queryKeys, rawQuery } from './query-memo';

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

  it('never keeps a text over 1,024 characters (junk parameters cannot grow it)', () => {
    const memo = new QueryMemo<number>();
    const junk = `q=charizard&junk=${'x'.repeat(15_000)}`;
    memo.remember(junk, { params: 1, cacheKey: 'op 1' });
    expect(memo.get(junk)).toBeUndefined();
    const edge = `q=${'y'.repeat(1022)}`;
    memo.remember(edge, { params: 2, cacheKey: 'op 2' });
    expect(memo.get(edge)?.params).toBe(2);
    expect(memo.size).toBe(1);
  });
});

describe('one decoding rule for names: the key parameter and the memo read names as the route does', () => {
  const key = `slab_live_${'0a'.repeat(24)}`;
  const url = (query: string) => `http://localhost/v1/floor?${query}`;

  it.each([
    ['category=pokemon', undefined],
    ['q=a%20b&grade=psa+10', undefined],
    [`key=${key}`, [key]],
    [`k%65y=${key}`, [key]],
    [`%6B%65%79=${key}&category=pokemon`, [key]],
    [`category=pokemon&key=${key}&k%65y=other`, [key, 'other']],
    [`key=${key}&key=${key}`, [key, key]],
    [`key=slab%5Flive%5F${'0a'.repeat(24)}`, [key]],
    [`monkey=${key}&keys=x&KEY=y`, undefined],
    ['k%2565y=x', undefined], // decodes once, to k%65y: not `key`
    ['key', ['']],
  ])('queryKeys(?%s)', (query, expected) => {
    expect(queryKeys(url(query))).toEqual(expected);
  });

  it('agrees with the parameters the route reads (Hono), on names encoded any way', () => {
    for (const query of [`k%65y=${key}`, `%6b%65%79=${key}&q%75ery=x`, `key=a&k%65y=b&%6Bey=c`, 'key+=x']) {
      const all = getQueryParams(url(query)) as Record<string, string[]>;
      expect(queryKeys(url(query)), query).toEqual(all.key);
    }
  });

  it.each([
    `key=${key}`,
    `k%65y=${key}`,
    `%6B%65%79=${key}`,
    `category=pokemon&ke%79=${key}`,
    'key=',
    'key',
    `q=${key}`,
    `q=${'0a'.repeat(24)}`,
    `q=slab%5Flive%5F${'0a'.repeat(12)}`,
    `q=${'%30%61'.repeat(24)}`, // 48 hex characters once decoded
    `q%75ery=${'0A'.repeat(24)}`,
  ])('the memo never keeps ?%s', (query) => {
    expect(mayHoldKey(query)).toBe(true);
    const memo = new QueryMemo<string>();
    memo.remember(query, { params: 'p', cacheKey: 'k' });
    expect(memo.size).toBe(0);
  });

  it.each([
    'category=pokemon',
    'q=charizard%20psa',
    'q%75ery=charizard',
    '%71=charizard',
    'monkey=1',
    'KEY=x',
  ])('keeps ?%s (no key in it)', (query) => {
    expect(mayHoldKey(query)).toBe(false);
  });
});
