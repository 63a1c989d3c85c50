import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsError } from '../analytics/analytics-error';
import { type Db, openDatabase } from '../store/database';
import { writeMarketState } from '../store/market-meta';
import { ResponseCache } from './response-cache';

/** The response cache on a real (empty) store: keyed by operation and parameters, per data version. */
let db: Db;
beforeEach(() => {
  db = openDatabase(':memory:');
  writeMarketState(db, { asOfMs: 0, snapshotDate: '2026-06-01' });
});
afterEach(() => db.close());

const counting = () => {
  const calls: unknown[] = [];
  const compute = (params: { q: string }) => {
    calls.push(params);
    return { query: params.q, n: calls.length };
  };
  return { calls, compute };
};

describe('ResponseCache', () => {
  it('computes each question once while the store is unchanged', () => {
    const cache = new ResponseCache(db);
    const { calls, compute } = counting();
    expect(cache.json('value', { q: 'a' }, compute)).toBe('{"query":"a","n":1}');
    expect(cache.json('value', { q: 'a' }, compute)).toBe('{"query":"a","n":1}');
    expect(cache.json('value', { q: 'b' }, compute)).toBe('{"query":"b","n":2}');
    expect(cache.json('sold', { q: 'a' }, compute)).toBe('{"query":"a","n":3}');
    expect(calls).toHaveLength(3);
  });

  it('forgets everything when a seed or ingest bumps the data version (any process)', () => {
    const cache = new ResponseCache(db);
    const { calls, compute } = counting();
    cache.json('value', { q: 'a' }, compute);
    writeMarketState(db, { asOfMs: 1, snapshotDate: '2026-06-02' });
    expect(cache.json('value', { q: 'a' }, compute)).toBe('{"query":"a","n":2}');
    expect(calls).toHaveLength(2);
  });

  it('keeps no_match refusals too, but never other errors', () => {
    const cache = new ResponseCache(db);
    let calls = 0;
    const refuse = () => {
      calls += 1;
      throw new AnalyticsError('no_match', 'Try fewer words.');
    };
    expect(() => cache.json('value', { q: 'zz' }, refuse)).toThrow('Try fewer words.');
    expect(() => cache.json('value', { q: 'zz' }, refuse)).toThrow(AnalyticsError);
    expect(calls).toBe(1);
    const fail = () => {
      calls += 1;
      throw new Error('disk');
    };
    expect(() => cache.json('value', { q: 'x' }, fail)).toThrow('disk');
    expect(() => cache.json('value', { q: 'x' }, fail)).toThrow('disk');
    expect(calls).toBe(3);
  });

  it('drops the least recently used answers beyond its bounds', () => {
    const cache = new ResponseCache(db, { maxEntries: 2 });
    const { calls, compute } = counting();
    cache.json('value', { q: 'a' }, compute);
    cache.json('value', { q: 'b' }, compute);
    cache.json('value', { q: 'a' }, compute); // a is now the most recent
    cache.json('value', { q: 'c' }, compute); // drops b
    expect(cache.size).toBe(2);
    cache.json('value', { q: 'a' }, compute);
    expect(calls).toHaveLength(3);
    cache.json('value', { q: 'b' }, compute);
    expect(calls).toHaveLength(4);

    const small = new ResponseCache(db, { maxBytes: 60 });
    small.json('value', { q: 'a'.repeat(30) }, compute);
    small.json('value', { q: 'b'.repeat(30) }, compute);
    expect(small.size).toBe(0);
  });
});
