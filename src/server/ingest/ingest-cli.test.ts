import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listingsCsv, salesCsv, writeTempFile } from '../analytics/testing/hand-market';
import { operationsOn } from '../analytics/testing/operations-on';
import { openDatabase } from '../store/sqlite/database';
import { createMarketReader } from '../store/sqlite/sqlite-market-reader';

/** The command-line tool against a store file that another connection (a "server") keeps open. */
function runIngest(dbPath: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/ingest.ts', ...args], {
    env: { ...process.env, SLAB_DB: dbPath },
    encoding: 'utf8',
  });
}

describe('npm run ingest', () => {
  it('imports into a store that a running server reads, which answers from the new data at once', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'slab-cli-')), 'market.db');
    const server = openDatabase(dbPath);
    const analytics = operationsOn(createMarketReader(server));
    await expect(analytics.floor({})).rejects.toThrow(/no listing snapshot/);

    const sales = runIngest(dbPath, 'sales', writeTempFile('sales.csv', salesCsv()));
    expect(sales.status).toBe(0);
    expect(sales.stdout).toMatch(/71 sales rows read \(csv\), 71 added, 0 already present/);
    const listings = runIngest(dbPath, 'listings', writeTempFile('listings.csv', listingsCsv()));
    expect(listings.status).toBe(0);

    expect((await analytics.floor({})).as_of).toBe('2026-06-01');
    expect((await analytics.value({ q: 'charizard base set' })).sample_size).toBe(12);

    const again = runIngest(dbPath, 'sales', writeTempFile('sales.csv', salesCsv()));
    expect(again.stdout).toMatch(/0 added, 71 already present.*\n.*nothing new/);
    server.close();
  });

  it('prints every bad row as FILE:LINE: reason and exits 1, changing nothing', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'slab-cli-')), 'market.db');
    const file = writeTempFile(
      'bad.csv',
      'source_id,sold_at,category,label,title,grade,price\nx1,2026-07-01,pokemon,Base Set,Card,PSA 10,5\nx2,2026-07-01,poke,Base Set,Card,PSA 10,5\nx3,2026-07-01,pokemon,Base Set,Card,PSA 10,-1\nx4,9999-07-01,pokemon,Base Set,Card,PSA 10,5\n',
    );
    const result = runIngest(dbPath, 'sales', file);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${file}:3: unknown category "poke"`);
    expect(result.stderr).toContain(`${file}:4: negative price "-1"`);
    expect(result.stderr).toContain(
      `${file}:5: sold_at "9999-07-01" is later than one day after the import (latest accepted `,
    );
    expect(result.stderr).toMatch(/3 bad rows .* nothing was imported/);
    const empty = writeTempFile('empty.csv', '');
    const emptyResult = runIngest(dbPath, 'sales', empty);
    expect(emptyResult.status).toBe(1);
    expect(emptyResult.stderr).toContain(`${empty}:1: the file is empty: no header line`);
    expect(emptyResult.stdout).not.toMatch(/nothing new/);
    const db = openDatabase(dbPath);
    expect(db.prepare('SELECT count(*) FROM sales').pluck().get()).toBe(0);
    db.close();
  });

  it('explains its usage on a wrong kind or a missing file (exit 2)', async () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'slab-cli-')), 'market.db');
    expect(runIngest(dbPath, 'trades', 'x.csv')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/usage/),
    });
    expect(runIngest(dbPath, 'sales', '/nonexistent.csv')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/no file/),
    });
  });
});
