/**
 * The cost of one PgQuota call (docs/postgres-multi-process.md, "Cost of a call"): `npx tsx
 * e2e/bench/pg-quota-cost.ts` prints p50/p99 (ms) and calls a second of 2,000 calls after 200 to
 * warm up, one at a time and 16 in flight, as JSON. Its figures depend on the server's settings:
 * run it against a server with production settings (SLAB_BENCH_PG_URL, a superuser URL) rather than
 * the embedded one it starts otherwise (fsync and synchronous_commit off).
 */
import { loadavg } from 'node:os';
import type { KeyRecord } from '../../src/server/auth/api-keys';
import { quotaMonth, TIER_QUOTAS } from '../../src/server/auth/tiers';
import { openPgDatabase } from '../../src/server/store/postgres/pg-database';
import { PgKeyBook } from '../../src/server/store/postgres/pg-keys';
import { PgQuota } from '../../src/server/store/postgres/pg-quota';
import { createBenchDatabase, startBenchPostgres } from './postgres-server';

const CALLS = 2_000;
const at = new Date('2026-06-10T12:00:00.000Z');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function measure(spend: () => Promise<unknown>, inFlight: number) {
  for (let i = 0; i < 200; i++) await spend(); // warm: connections open, statements prepared
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < CALLS) {
        next += 1;
        const t0 = performance.now();
        await spend();
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((x, y) => x - y);
  const ms = (value: number) => Math.round(value * 1000) / 1000;
  return {
    p50: ms(percentile(times, 50)),
    p99: ms(percentile(times, 99)),
    perSecond: Math.round(CALLS / seconds),
  };
}

const postgres = await startBenchPostgres();
const database = await createBenchDatabase(postgres.adminUrl);
const pool = await openPgDatabase(database.url, { max: 16 });
try {
  const settings = await pool.query<{ fsync: string; synchronous_commit: string }>(
    `SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit`,
  );
  const keys = new PgKeyBook(pool);
  const made = await keys.create('business', null, at);
  const key: KeyRecord = { id: made.id, tier: 'business', expiresAtMs: null };
  const quota = new PgQuota(pool);
  const month = quotaMonth(at);
  // The same statement, parsed and planned at every call (an unnamed query).
  const unprepared = () =>
    pool.query(
      `INSERT INTO key_usage AS u (key_id, month, used) VALUES ($1, $2, 1)
       ON CONFLICT (key_id, month) DO UPDATE SET used = u.used + 1 WHERE u.used < $3 RETURNING u.used`,
      [key.id, month, TIER_QUOTAS.business],
    );
  // A plain UPDATE (the row exists): what ON CONFLICT would save if it cost anything.
  const update = () =>
    pool.query({
      name: 'bench_update_quota',
      text: 'UPDATE key_usage SET used = used + 1 WHERE key_id = $1 AND month = $2 AND used < $3 RETURNING used',
      values: [key.id, month, TIER_QUOTAS.business],
    });
  const remaining = () => quota.remaining(key, at);
  const spread: KeyRecord[] = [];
  for (let i = 0; i < 16; i++) {
    const other = await keys.create('business', null, at);
    spread.push({ id: other.id, tier: 'business', expiresAtMs: null });
  }
  let turn = 0;
  const spendSpread = () => quota.trySpend(spread[turn++ % spread.length] as KeyRecord, at);
  const rows: Record<string, unknown> = { source: postgres.source, settings: settings.rows[0] };
  for (const inFlight of [1, 16]) {
    rows[`trySpend x${inFlight}`] = await measure(async () => quota.trySpend(key, at), inFlight);
    rows[`trySpend x${inFlight}, 16 keys`] = await measure(async () => spendSpread(), inFlight);
    rows[`unprepared x${inFlight}`] = await measure(unprepared, inFlight);
    rows[`update x${inFlight}`] = await measure(update, inFlight);
    rows[`remaining x${inFlight}`] = await measure(remaining, inFlight);
  }
  console.log(JSON.stringify({ ...rows, loadAverage: loadavg()[0] }, null, 2));
} finally {
  await pool.end();
  await database.drop();
  await postgres.stop();
}
