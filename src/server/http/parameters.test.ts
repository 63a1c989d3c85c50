import { getQueryParams } from 'hono/utils/url';
import { describe, expect, it } from 'vitest';
import { malformedParameter, mayHoldKey, queryKeys } from './parameters';

describe('one decoding rule for names: the key parameter reads names as the route does', () => {
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
});

describe('malformedParameter', () => {
  it.each([
    ['/v1/sold?q=charizard', null],
    ['/v1/sold?q=a%20b&grade=psa+10', null],
    ['/v1/sold?q=%ff', 'q'],
    ['/v1/sold?category=pokemon&q=%zz', 'q'],
    ['/v1/sold?%ff=1', 'a query parameter name'],
    ['/v1/s%ffold', null],
  ])('%s -> %s', (url, expected) => {
    expect(malformedParameter(url)).toBe(expected);
  });
});

describe('mayHoldKey: query texts the parameter reader never remembers', () => {
  const key = `slab_live_${'0a'.repeat(24)}`;
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
    `q=${'%30%61'.repeat(24)}`, // 48 hexadecimal characters once decoded
    `q%75ery=${'0A'.repeat(24)}`,
  ])('?%s may hold a key', (query) => {
    expect(mayHoldKey(query)).toBe(true);
  });

  it.each([
    'category=pokemon',
    'q=charizard%20psa',
    'q%75ery=charizard',
    '%71=charizard',
    'monkey=1',
    'KEY=x',
  ])('?%s holds none', (query) => {
    expect(mayHoldKey(query)).toBe(false);
  });
});
