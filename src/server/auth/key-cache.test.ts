import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../store/database';
import { OtherCommits } from '../store/other-commits';
import { KeyStore } from './api-keys';
import { KeyCache } from './key-cache';
import { UsageMeter } from './usage-meter';

/** The server's cache of active keys against real stores: it must never accept a revoked key. */
let dir: string;
let db: Db;
let now: number;
let commits: OtherCommits;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slab-keycache-'));
  db = openDatabase(join(dir, 'market.db'));
  now = 0;
  commits = new OtherCommits(db, { clock: () => now });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('KeyCache', () => {
  it('answers a known key without the store, and forgets it when this process revokes it', () => {
    const keys = new KeyStore(db);
    const cache = new KeyCache(keys);
    const made = keys.create('pro');
    expect(cache.find(made.key, commits.read())).toEqual({ id: made.id, tier: 'pro', expiresAtMs: null });
    expect(cache.size).toBe(1);
    new KeyStore(db).revoke(made.id); // another KeyStore on the same connection
    expect(cache.find(made.key, commits.read())).toBeNull();
  });

  it('forgets a key revoked by another process (the keys CLI) once that commit is seen', () => {
    const keys = new KeyStore(db);
    const cache = new KeyCache(keys);
    const made = keys.create('free');
    expect(cache.find(made.key, commits.read())).not.toBeNull();
    const cli = openDatabase(join(dir, 'market.db'));
    new KeyStore(cli).revoke(made.id);
    cli.close();
    now = 1; // OtherCommits looks again after 1 ms
    expect(cache.find(made.key, commits.read())).toBeNull();
  });

  it('keeps keys across usage flushes, and never keeps unknown, malformed or revoked keys', () => {
    const keys = new KeyStore(db);
    const cache = new KeyCache(keys);
    const made = keys.create('business');
    const record = cache.find(made.key, commits.read());
    expect(record).not.toBeNull();
    const usage = new UsageMeter(db, { flushEvery: 1 });
    usage.trySpend(record!, new Date()); // writes key_usage on this connection
    now = 5;
    expect(cache.find(made.key, commits.read())).toBe(record); // the same object: not looked up again
    expect(cache.find(`slab_live_${'0'.repeat(48)}`, commits.read())).toBeNull();
    expect(cache.find('not a key', commits.read())).toBeNull();
    expect(cache.size).toBe(1);
    usage.close();
  });
});
