import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite/database';
import { readMarketState } from '../store/sqlite/sqlite-market-meta';

function runSeed(dbPath: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/seed.ts', ...args], {
    env: { ...process.env, SLAB_DB: dbPath },
    encoding: 'utf8',
  });
}

describe('npm run seed', () => {
  it('replaces the market with progress lines and keeps the keys', () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'slab-seed-cli-')), 'market.db');
    const db = openDatabase(dbPath);
    db.prepare(
      "INSERT INTO api_keys (id, key_hash, tier, created_at) VALUES ('k1', 'h', 'pro', '2026-01-01')",
    ).run();
    const result = runSeed(dbPath, '--seed', '5', '--as-of', '2026-10-01', '--scale', 'small');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /\[seed [\d.]+s\] demo market: seed 5, as of 2026-10-01, small: [\d,]+ cards/,
    );
    expect(result.stdout).toMatch(/derived tables: 126 snapshot days to 2026-10-01/);
    expect(result.stdout).toMatch(/seeded .*: [\d,]+ cards, [\d,]+ sales, [\d,]+ listings in [\d.]+ s/);
    expect(db.prepare('SELECT count(*) FROM api_keys').pluck().get()).toBe(1);
    expect(new Date(readMarketState(db).asOfMs as number).toISOString().slice(0, 10)).toBe('2026-10-01');
    db.close();
  });

  it('refuses bad arguments with the usage and exit code 2', () => {
    const dbPath = join(mkdtempSync(join(tmpdir(), 'slab-seed-cli-')), 'market.db');
    expect(runSeed(dbPath, '--scale', 'huge')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--scale must be full or small/),
    });
    expect(runSeed(dbPath, '--seed', 'x')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--seed must be a whole number/),
    });
    expect(runSeed(dbPath, '--as-of', '2026-04-01', '--scale', 'small')).toMatchObject({
      status: 1,
      stderr: expect.stringMatching(/on or after 2026-05-29/),
    });
  });
});
