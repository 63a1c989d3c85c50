import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsError } from '../analytics/analytics-error';
import { derivedComputation } from '../analytics/derived/derived-computation';
import { type Db, openDatabase } from '../store/sqlite/database';
import { ExternalCommitCounter } from '../store/sqlite/external-commits';
import { readMarketState, writeMarketState } from '../store/sqlite/sqlite-market-meta';
import { type SqliteStore, sqliteStore } from '../store/sqlite/sqlite-store';
import { type CachedJson, ResponseCache } from './response-cache';

/** The response cache on a real (empty) store: keyed by operation and parameters, per data version. */
let db: Db;
let store: SqliteStore;
/** The cache as the app makes it: it reads the store's data version when the change count moves. */
const newCache = (options?: ConstructorParameters<typeof ResponseCache>[1]) =>
  new ResponseCache(async () => (await store.reader.state()).dataVersion, options);
beforeEach(async () => {
  db = openDatabase(':memory:');
  writeMarketState(db, { asOfMs: 0, snapshotDate: '2026-06-01' });
  store = sqliteStore(db, derivedComputation);
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
  it('computes each question once while the store is unchanged', async () => {
    const cache = newCache();
    const { calls, compute } = counting();
    expect((await cache.json('value', { q: 'a' }, compute, store.changes.read())).json).toBe(
      '{"query":"a","n":1}',
    );
    expect((await cache.json('value', { q: 'a' }, compute, store.changes.read())).json).toBe(
      '{"query":"a","n":1}',
    );
    expect((await cache.json('value', { q: 'b' }, compute, store.changes.read())).json).toBe(
      '{"query":"b","n":2}',
    );
    expect((await cache.json('sold', { q: 'a' }, compute, store.changes.read())).json).toBe(
      '{"query":"a","n":3}',
    );
    expect(calls).toHaveLength(3);
  });

  it('forgets everything when a seed or ingest bumps the data version (any process)', async () => {
    const cache = newCache();
    const { calls, compute } = counting();
    await cache.json('value', { q: 'a' }, compute, store.changes.read());
    writeMarketState(db, { asOfMs: 1, snapshotDate: '2026-06-02' });
    expect((await cache.json('value', { q: 'a' }, compute, store.changes.read())).json).toBe(
      '{"query":"a","n":2}',
    );
    expect(calls).toHaveLength(2);
  });

  it('knows the UTF-8 length of each answer (what the server states as Content-Length)', async () => {
    const cache = newCache();
    const answer = await cache.json(
      'value',
      { q: 'Pokémon Café ★' },
      (params) => ({ query: params.q }),
      store.changes.read(),
    );
    expect(answer.json).toBe('{"query":"Pokémon Café ★"}');
    expect(answer.bytes).toBe(Buffer.byteLength(answer.json));
    expect(answer.bytes).toBeGreaterThan(answer.json.length);
  });

  it('keeps no_match refusals too, but never other errors', async () => {
    const cache = newCache();
    let calls = 0;
    const refuse = () => {
      calls += 1;
      throw new AnalyticsError('no_match', 'Try fewer words.');
    };
    await expect(cache.json('value', { q: 'zz' }, refuse, store.changes.read())).rejects.toThrow(
      'Try fewer words.',
    );
    await expect(cache.json('value', { q: 'zz' }, refuse, store.changes.read())).rejects.toThrow(
      AnalyticsError,
    );
    expect(calls).toBe(1);
    const fail = () => {
      calls += 1;
      throw new Error('disk');
    };
    await expect(cache.json('value', { q: 'x' }, fail, store.changes.read())).rejects.toThrow('disk');
    await expect(cache.json('value', { q: 'x' }, fail, store.changes.read())).rejects.toThrow('disk');
    expect(calls).toBe(3);
  });

  it('drops the least recently used answers beyond its bounds', async () => {
    const cache = newCache({ maxEntries: 2 });
    const { calls, compute } = counting();
    await cache.json('value', { q: 'a' }, compute, store.changes.read());
    await cache.json('value', { q: 'b' }, compute, store.changes.read());
    await cache.json('value', { q: 'a' }, compute, store.changes.read()); // a is now the most recent
    await cache.json('value', { q: 'c' }, compute, store.changes.read()); // drops b
    expect(cache.size).toBe(2);
    await cache.json('value', { q: 'a' }, compute, store.changes.read());
    expect(calls).toHaveLength(3);
    await cache.json('value', { q: 'b' }, compute, store.changes.read());
    expect(calls).toHaveLength(4);

    const small = newCache({ maxBytes: 60 });
    await small.json('value', { q: 'a'.repeat(30) }, compute, store.changes.read());
    await small.json('value', { q: 'b'.repeat(30) }, compute, store.changes.read());
    expect(small.size).toBe(0);
  });

  it('keeps a form of an answer made once (its bytes, deflated), and counts its bytes against the bound', async () => {
    const { compute } = counting();
    const cache = newCache();
    const answer = await cache.json('value', { q: 'a' }, compute, store.changes.read());
    let made = 0;
    const deflate = () => {
      made++;
      return deflateRawSync(`${answer.json}}`);
    };
    const form = cache.formOf(answer, 'gzip', deflate, (bytes) => bytes.length);
    expect(inflateRawSync(form).toString('utf8')).toBe('{"query":"a","n":1}}');
    const again = await cache.json('value', { q: 'a' }, compute, store.changes.read());
    expect(cache.formOf(again, 'gzip', deflate, (bytes) => bytes.length)).toBe(form);
    expect(made).toBe(1);

    // Two answers fit in 120 bytes (key and JSON: 24 + 28 each); with 23 more bytes made for one, only one does.
    await expectMadeBytesCounted(120, compute, (bounded, first) =>
      bounded.formOf(
        first,
        'utf8',
        () => Buffer.alloc(23),
        (bytes) => bytes.length,
      ),
    );
  });
});

/**
 * Two answers fit in a cache of `maxBytes`; once `make` adds bytes made for the first (its deflated
 * or encoded tail), the cache holds only one.
 */
async function expectMadeBytesCounted(
  maxBytes: number,
  compute: (params: { q: string }) => unknown,
  make: (cache: ResponseCache, first: CachedJson) => unknown,
): Promise<void> {
  const bounded = newCache({ maxBytes });
  const first = await bounded.json('value', { q: 'a'.repeat(10) }, compute, store.changes.read());
  await bounded.json('value', { q: 'b'.repeat(10) }, compute, store.changes.read());
  expect(bounded.size).toBe(2);
  make(bounded, first);
  expect(bounded.size).toBe(1);
}

describe('ResponseCache across processes', () => {
  it("forgets everything once another process's ingest is seen", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'slab-cache-'));
    const server = openDatabase(join(dir, 'market.db'));
    const other = openDatabase(join(dir, 'market.db'));
    writeMarketState(server, { asOfMs: 0, snapshotDate: '2026-06-01' });
    let now = 0;
    const seen = new ExternalCommitCounter(server, { clock: () => now });
    const cache = new ResponseCache(async () => readMarketState(server).dataVersion);
    const { calls, compute } = counting();
    await cache.json('floor', { q: 'a' }, compute, seen.read());
    writeMarketState(other, { asOfMs: 1, snapshotDate: '2026-06-02' });
    now = 1;
    expect((await cache.json('floor', { q: 'a' }, compute, seen.read())).json).toBe('{"query":"a","n":2}');
    now = 2; // an unrelated commit elsewhere: the version is read again, the answer kept
    other.prepare("INSERT INTO app_settings (name, value) VALUES ('x', 'y')").run();
    expect((await cache.json('floor', { q: 'a' }, compute, seen.read())).json).toBe('{"query":"a","n":2}');
    expect(calls).toHaveLength(2);
    server.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
