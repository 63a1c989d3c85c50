import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsError } from '../analytics/analytics-error';
import { type Db, openDatabase } from '../store/database';
import { writeMarketState } from '../store/market-meta';
import { OtherCommits } from '../store/other-commits';
import { type CachedJson, ResponseCache } from './response-cache';

/** The response cache on a real (empty) store: keyed by operation and parameters, per data version. */
let db: Db;
let commits: OtherCommits;
beforeEach(() => {
  db = openDatabase(':memory:');
  writeMarketState(db, { asOfMs: 0, snapshotDate: '2026-06-01' });
  commits = new OtherCommits(db);
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
    expect(cache.json('value', { q: 'a' }, compute, commits.read()).json).toBe('{"query":"a","n":1}');
    expect(cache.json('value', { q: 'a' }, compute, commits.read()).json).toBe('{"query":"a","n":1}');
    expect(cache.json('value', { q: 'b' }, compute, commits.read()).json).toBe('{"query":"b","n":2}');
    expect(cache.json('sold', { q: 'a' }, compute, commits.read()).json).toBe('{"query":"a","n":3}');
    expect(calls).toHaveLength(3);
  });

  it('forgets everything when a seed or ingest bumps the data version (any process)', () => {
    const cache = new ResponseCache(db);
    const { calls, compute } = counting();
    cache.json('value', { q: 'a' }, compute, commits.read());
    writeMarketState(db, { asOfMs: 1, snapshotDate: '2026-06-02' });
    expect(cache.json('value', { q: 'a' }, compute, commits.read()).json).toBe('{"query":"a","n":2}');
    expect(calls).toHaveLength(2);
  });

  it('knows the UTF-8 length of each answer (what the server states as Content-Length)', () => {
    const cache = new ResponseCache(db);
    const answer = cache.json(
      'value',
      { q: 'Pokémon Café ★' },
      (params) => ({ query: params.q }),
      commits.read(),
    );
    expect(answer.json).toBe('{"query":"Pokémon Café ★"}');
    expect(answer.bytes).toBe(Buffer.byteLength(answer.json));
    expect(answer.bytes).toBeGreaterThan(answer.json.length);
  });

  it('keeps no_match refusals too, but never other errors', () => {
    const cache = new ResponseCache(db);
    let calls = 0;
    const refuse = () => {
      calls += 1;
      throw new AnalyticsError('no_match', 'Try fewer words.');
    };
    expect(() => cache.json('value', { q: 'zz' }, refuse, commits.read())).toThrow('Try fewer words.');
    expect(() => cache.json('value', { q: 'zz' }, refuse, commits.read())).toThrow(AnalyticsError);
    expect(calls).toBe(1);
    const fail = () => {
      calls += 1;
      throw new Error('disk');
    };
    expect(() => cache.json('value', { q: 'x' }, fail, commits.read())).toThrow('disk');
    expect(() => cache.json('value', { q: 'x' }, fail, commits.read())).toThrow('disk');
    expect(calls).toBe(3);
  });

  it('drops the least recently used answers beyond its bounds', () => {
    const cache = new ResponseCache(db, { maxEntries: 2 });
    const { calls, compute } = counting();
    cache.json('value', { q: 'a' }, compute, commits.read());
    cache.json('value', { q: 'b' }, compute, commits.read());
    cache.json('value', { q: 'a' }, compute, commits.read()); // a is now the most recent
    cache.json('value', { q: 'c' }, compute, commits.read()); // drops b
    expect(cache.size).toBe(2);
    cache.json('value', { q: 'a' }, compute, commits.read());
    expect(calls).toHaveLength(3);
    cache.json('value', { q: 'b' }, compute, commits.read());
    expect(calls).toHaveLength(4);

    const small = new ResponseCache(db, { maxBytes: 60 });
    small.json('value', { q: 'a'.repeat(30) }, compute, commits.read());
    small.json('value', { q: 'b'.repeat(30) }, compute, commits.read());
    expect(small.size).toBe(0);
  });

  it('deflates an answer once for gzip clients, and counts those bytes against its bound', () => {
    const { compute } = counting();
    const cache = new ResponseCache(db);
    const answer = cache.json('value', { q: 'a' }, compute, commits.read());
    const tail = cache.gzipped(answer);
    expect(inflateRawSync(tail.deflated).toString('utf8')).toBe(`${answer.json}}`);
    expect(tail.bytes).toBe(answer.bytes + 1);
    expect(cache.gzipped(cache.json('value', { q: 'a' }, compute, commits.read()))).toBe(tail);

    // Two answers fit in 120 bytes; with their deflated tails counted, only one does.
    expectMadeBytesCounted(120, compute, (bounded, first) => bounded.gzipped(first));
  });

  it('encodes an answer to UTF-8 once for direct writes, and counts those bytes against its bound', () => {
    const cache = new ResponseCache(db);
    const compute = (params: { q: string }) => ({ query: params.q });
    const answer = cache.json('value', { q: 'Pokémon ★ 1st' }, compute, commits.read());
    const encoded = cache.encoded(answer);
    expect(encoded.toString('utf8')).toBe(`${answer.json}}`);
    expect(encoded.length).toBe(answer.bytes + 1);
    expect(encoded.length).toBeGreaterThan(answer.json.length + 1); // multi-byte characters counted as bytes
    expect(cache.encoded(cache.json('value', { q: 'Pokémon ★ 1st' }, compute, commits.read()))).toBe(encoded);

    // Two answers fit in 100 bytes (46 each: key and JSON); with an encoded tail (23) counted, only one does.
    expectMadeBytesCounted(100, compute, (bounded, first) => bounded.encoded(first));
  });
});

/**
 * Two answers fit in a cache of `maxBytes`; once `make` adds bytes made for the first (its deflated
 * or encoded tail), the cache holds only one.
 */
function expectMadeBytesCounted(
  maxBytes: number,
  compute: (params: { q: string }) => unknown,
  make: (cache: ResponseCache, first: CachedJson) => unknown,
): void {
  const bounded = new ResponseCache(db, { maxBytes });
  const first = bounded.json('value', { q: 'a'.repeat(10) }, compute, commits.read());
  bounded.json('value', { q: 'b'.repeat(10) }, compute, commits.read());
  expect(bounded.size).toBe(2);
  make(bounded, first);
  expect(bounded.size).toBe(1);
}

describe('ResponseCache across processes', () => {
  it("forgets everything once another process's ingest is seen", () => {
    const dir = mkdtempSync(join(tmpdir(), 'slab-cache-'));
    const server = openDatabase(join(dir, 'market.db'));
    const other = openDatabase(join(dir, 'market.db'));
    writeMarketState(server, { asOfMs: 0, snapshotDate: '2026-06-01' });
    let now = 0;
    const seen = new OtherCommits(server, { clock: () => now });
    const cache = new ResponseCache(server);
    const { calls, compute } = counting();
    cache.json('floor', { q: 'a' }, compute, seen.read());
    writeMarketState(other, { asOfMs: 1, snapshotDate: '2026-06-02' });
    now = 1;
    expect(cache.json('floor', { q: 'a' }, compute, seen.read()).json).toBe('{"query":"a","n":2}');
    now = 2; // an unrelated commit elsewhere: the version is read again, the answer kept
    other.prepare("INSERT INTO app_settings (name, value) VALUES ('x', 'y')").run();
    expect(cache.json('floor', { q: 'a' }, compute, seen.read()).json).toBe('{"query":"a","n":2}');
    expect(calls).toHaveLength(2);
    server.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
