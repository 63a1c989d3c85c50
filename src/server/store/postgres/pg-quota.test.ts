import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyRecord } from '../../auth/api-keys';
import { quotaMonth, TIER_QUOTAS } from '../../auth/tiers';
import { openPgDatabase, openPgPool } from './pg-database';
import { PgKeyBook } from './pg-keys';
import { PgQuota } from './pg-quota';
import { createTestDatabase, type TestDatabase } from './testing/test-postgres';

let test: TestDatabase;
/** The store's own pool, on a database migrated as the store does it. */
let db: { url: string; pool: pg.Pool };
let keys: PgKeyBook;
/** Two pools on one database: two server processes, as far as the database can tell. */
let poolA: pg.Pool;
let poolB: pg.Pool;

const QUOTAS = { ...TIER_QUOTAS, free: 100 };
const at = new Date('2026-06-10T12:00:00.000Z');

beforeAll(async () => {
  test = await createTestDatabase();
  db = { url: test.url, pool: await openPgDatabase(test.url, { max: 4 }) };
  keys = new PgKeyBook(db.pool);
  poolA = openPgPool(db.url, { max: 8 });
  poolB = openPgPool(db.url, { max: 8 });
});
afterAll(async () => {
  await poolA?.end();
  await poolB?.end();
  await db?.pool.end();
  await test?.drop();
});

async function freeKey(): Promise<KeyRecord> {
  const made = await keys.create('free', null, at);
  return { id: made.id, tier: 'free', expiresAtMs: null };
}

async function usedIn(month: string, key: KeyRecord): Promise<number | undefined> {
  const { rows } = await db.pool.query('SELECT used FROM key_usage WHERE key_id = $1 AND month = $2', [
    key.id,
    month,
  ]);
  return rows[0]?.used;
}

describe('PgQuota: the monthly quota, exact across processes', () => {
  it('300 parallel calls split across two processes against a quota of 100: exactly 100 succeed, each remaining once', async () => {
    const key = await freeKey();
    const a = new PgQuota(poolA, { quotas: QUOTAS });
    const b = new PgQuota(poolB, { quotas: QUOTAS });
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? a : b).trySpend(key, at)),
    );
    const ok = results.filter((result) => result.ok);
    expect(ok).toHaveLength(100);
    expect(ok.map((result) => result.remaining).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    expect(results.filter((result) => !result.ok).every((result) => result.remaining === 0)).toBe(true);
    // Both processes took part in the successes (the burst was really split).
    const okFrom = (even: boolean) => results.filter((result, i) => result.ok && (i % 2 === 0) === even);
    expect(okFrom(true).length).toBeGreaterThan(0);
    expect(okFrom(false).length).toBeGreaterThan(0);
    expect(await usedIn(quotaMonth(at), key)).toBe(100);
    expect(await a.remaining(key, at)).toBe(0);
    expect(await b.trySpend(key, at)).toEqual({ ok: false, remaining: 0 });
    expect(await usedIn(quotaMonth(at), key)).toBe(100);
  });

  it('sees the calls another process spent, in remaining and in the next spend', async () => {
    const key = await freeKey();
    const a = new PgQuota(poolA, { quotas: QUOTAS });
    const b = new PgQuota(poolB, { quotas: QUOTAS });
    expect(await b.remaining(key, at)).toBe(100);
    for (let i = 0; i < 3; i++) await a.trySpend(key, at);
    expect(await b.remaining(key, at)).toBe(97);
    expect(await b.trySpend(key, at)).toEqual({ ok: true, remaining: 96 });
    expect(await a.remaining(key, at)).toBe(96);
  });

  it('keeps nothing in memory: every spent call is in the table when trySpend returns (a crash loses none)', async () => {
    const key = await freeKey();
    const quota = new PgQuota(poolA, { quotas: QUOTAS });
    for (let i = 1; i <= 5; i++) {
      await quota.trySpend(key, at);
      // Read by another connection: committed, not merely written.
      expect(await usedIn(quotaMonth(at), key)).toBe(i);
    }
    await quota.close();
  });

  it('a process killed with SIGKILL loses no answered call: each was committed before it was answered', async () => {
    const key = await freeKey();
    // The child spends 20 calls one after another and prints each answer, then starts 10 more and
    // kills itself with those in flight.
    const script = `
      const { openPgPool } = await import(${JSON.stringify(fileURLToPath(new URL('./pg-database.ts', import.meta.url)))});
      const { PgQuota } = await import(${JSON.stringify(fileURLToPath(new URL('./pg-quota.ts', import.meta.url)))});
      const pool = openPgPool(process.env.URL, { max: 4 });
      const quota = new PgQuota(pool, { quotas: { free: 100, pro: 1, business: 1 } });
      const key = { id: process.env.KEY_ID, tier: 'free', expiresAtMs: null };
      const at = new Date(${JSON.stringify(at.toISOString())});
      for (let i = 0; i < 20; i++) {
        const spent = await quota.trySpend(key, at);
        process.stdout.write(JSON.stringify(spent) + '\\n');
      }
      for (let i = 0; i < 10; i++) void quota.trySpend(key, at);
      process.kill(process.pid, 'SIGKILL');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, URL: db.url, KEY_ID: key.id },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    let err = '';
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    const signal = await new Promise((resolve) => child.on('close', (_code, sig) => resolve(sig)));
    expect(err).toBe('');
    expect(signal).toBe('SIGKILL');
    const answered = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(answered.map((spent) => spent.remaining)).toEqual(Array.from({ length: 20 }, (_, i) => 99 - i));
    const used = (await usedIn(quotaMonth(at), key)) ?? 0;
    // Every answered call is counted; a call in flight at the kill may be counted without an answer.
    expect(used).toBeGreaterThanOrEqual(20);
    expect(used).toBeLessThanOrEqual(30);
  });

  it('counts each UTC month on its own: a spent quota is whole again at 00:00 UTC on the 1st', async () => {
    const key = await freeKey();
    const quota = new PgQuota(poolA, { quotas: { ...QUOTAS, free: 3 } });
    const lastMs = new Date('2026-06-30T23:59:59.999Z');
    const nextMonth = new Date('2026-07-01T00:00:00.000Z');
    for (let i = 0; i < 3; i++) expect((await quota.trySpend(key, lastMs)).ok).toBe(true);
    expect(await quota.trySpend(key, lastMs)).toEqual({ ok: false, remaining: 0 });
    expect(await quota.remaining(key, lastMs)).toBe(0);
    expect(await quota.remaining(key, nextMonth)).toBe(3);
    expect(await quota.trySpend(key, nextMonth)).toEqual({ ok: true, remaining: 2 });
    expect(await usedIn('2026-06', key)).toBe(3);
    expect(await usedIn('2026-07', key)).toBe(1);
    expect((await keys.list(nextMonth)).find((row) => row.id === key.id)?.used_this_month).toBe(1);
  });

  it('uses the quota of each tier (TIER_QUOTAS unless told)', async () => {
    const made = await keys.create('pro', null, at);
    const key: KeyRecord = { id: made.id, tier: 'pro', expiresAtMs: null };
    const quota = new PgQuota(poolA);
    expect(await quota.remaining(key, at)).toBe(TIER_QUOTAS.pro);
    await db.pool.query('INSERT INTO key_usage (key_id, month, used) VALUES ($1, $2, $3)', [
      key.id,
      quotaMonth(at),
      TIER_QUOTAS.pro - 1,
    ]);
    expect(await quota.trySpend(key, at)).toEqual({ ok: true, remaining: 0 });
    expect(await quota.trySpend(key, at)).toEqual({ ok: false, remaining: 0 });
  });
});
