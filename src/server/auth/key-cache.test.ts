import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../store/sqlite/database';
import { ExternalCommitCounter } from '../store/sqlite/external-commits';
import { KeyStore } from '../store/sqlite/sqlite-keys';
import { UsageMeter } from '../store/sqlite/usage-meter';
import { KeyCache } from './key-cache';

/** The server's cache of active keys against real stores: it must never accept a revoked key. */
let dir: string;
let db: Db;
let now: number;
let commits: ExternalCommitCounter;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slab-keycache-'));
  db = openDatabase(join(dir, 'market.db'));
  now = 0;
  commits = new ExternalCommitCounter(db, { clock: () => now });
});
/** The store's change count as the SQLite store makes it (sqlite-store.ts), on the test's clock. */
const changes = () => commits.read() + new KeyStore(db).revocations;
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('KeyCache', () => {
  it('answers a known key without the store, and forgets it when this process revokes it', async () => {
    const keys = new KeyStore(db);
    const cache = new KeyCache(keys);
    const made = await keys.create('pro');
    expect(await cache.find(made.key, changes())).toEqual({
      id: made.id,
      tier: 'pro',
      expiresAtMs: null,
    });
    expect(cache.size).toBe(1);
    await new KeyStore(db).revoke(made.id); // another KeyStore on the same connection
    expect(await cache.find(made.key, changes())).toBeNull();
  });

  it('forgets a key revoked by another process (the keys CLI) once that commit is seen', async () => {
    const keys = new KeyStore(db);
    const cache = new KeyCache(keys);
    const made = await keys.create('free');
    expect(await cache.find(made.key, changes())).not.toBeNull();
    const cli = openDatabase(join(dir, 'market.db'));
    await new KeyStore(cli).revoke(made.id);
    cli.close();
    now = 1; // ExternalCommitCounter looks again after 1 ms
    expect(await cache.find(made.key, changes())).toBeNull();
  });

  it('keeps keys across usage flushes, and never keeps unknown, malformed or revoked keys', async () => {
    const keys = new KeyStore(db);
    const cache = new KeyCache(keys);
    const made = await keys.create('business');
    const record = await cache.find(made.key, changes());
    expect(record).not.toBeNull();
    const usage = new UsageMeter(db, { flushEvery: 1 });
    await usage.trySpend(record!, new Date()); // writes key_usage on this connection
    now = 5;
    expect(await cache.find(made.key, changes())).toBe(record); // the same object: not looked up again
    expect(await cache.find(`slab_live_${'0'.repeat(48)}`, changes())).toBeNull();
    expect(await cache.find('not a key', changes())).toBeNull();
    expect(cache.size).toBe(1);
    usage.close();
  });
});
