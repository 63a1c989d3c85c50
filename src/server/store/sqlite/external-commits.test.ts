import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database';
import { ExternalCommitCounter } from './external-commits';
import { writeMarketState } from './sqlite-market-meta';

/** Two real connections to one store file, as the server and the keys CLI or an ingest would have. */
let dir: string;
let server: Db;
let other: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slab-commits-'));
  server = openDatabase(join(dir, 'market.db'));
  other = openDatabase(join(dir, 'market.db'));
});
afterEach(() => {
  server.close();
  other.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ExternalCommitCounter', () => {
  it("moves after another connection's commit, once its look is older than maxAgeMs", () => {
    let now = 0;
    const commits = new ExternalCommitCounter(server, { clock: () => now });
    const first = commits.read();
    expect(commits.read()).toBe(first);
    writeMarketState(other, { asOfMs: 1, snapshotDate: '2026-06-01' });
    now = 0.5;
    expect(commits.read()).toBe(first); // looked 0.5 ms ago: still good
    now = 1;
    const second = commits.read();
    expect(second).not.toBe(first);
    now = 5;
    expect(commits.read()).toBe(second); // nothing new committed
  });

  it("does not move for this connection's own writes (their writers count them)", () => {
    let now = 0;
    const commits = new ExternalCommitCounter(server, { clock: () => now });
    const first = commits.read();
    writeMarketState(server, { asOfMs: 1, snapshotDate: '2026-06-01' });
    now = 10;
    expect(commits.read()).toBe(first);
  });
});
