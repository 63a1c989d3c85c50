import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../auth/api-keys';
import { quotaMonth } from '../../auth/tiers';
import { PgChangeSignal } from './pg-changes';
import { openPgDatabase, openPgPool } from './pg-database';
import { PgKeyBook } from './pg-keys';
import { createTestDatabase, type TestDatabase } from './testing/test-postgres';

let test: TestDatabase;
/** The store's own pool, on a database migrated as the store does it. */
let db: { url: string; pool: pg.Pool };
let pool: pg.Pool;
let keys: PgKeyBook;

beforeAll(async () => {
  test = await createTestDatabase();
  db = { url: test.url, pool: await openPgDatabase(test.url, { max: 4 }) };
  pool = db.pool;
  keys = new PgKeyBook(pool);
});
afterAll(async () => {
  await db?.pool.end();
  await test?.drop();
});

const at = new Date('2026-06-10T12:00:00.000Z');

describe('PgKeyBook: the key table as KeyStore keeps it', () => {
  it('creates keys stored only as their SHA-256 hash, and finds them', async () => {
    const made = await keys.create('pro', 'my app', at);
    expect(made.key).toMatch(/^slab_live_[0-9a-f]{48}$/);
    expect(made.id).toMatch(/^key_[0-9a-f]{12}$/);
    expect(made.tier).toBe('pro');
    const { rows } = await pool.query('SELECT * FROM api_keys WHERE id = $1', [made.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toBe(hashApiKey(made.key));
    expect(JSON.stringify(rows)).not.toContain(made.key.slice(10));
    expect(await keys.findActive(made.key)).toEqual({ id: made.id, tier: 'pro', expiresAtMs: null });
  });

  it('finds nothing for malformed, unknown or revoked keys', async () => {
    expect(await keys.findActive('nope')).toBeNull();
    expect(await keys.findActive(`slab_live_${'0'.repeat(48)}`)).toBeNull();
    expect(await keys.findActive(`SLAB_LIVE_${'0'.repeat(48)}`)).toBeNull();
    const made = await keys.create('free', null, at);
    expect(await keys.revoke(made.id, at)).toEqual({ found: true, alreadyRevoked: false });
    expect(await keys.findActive(made.key)).toBeNull();
    expect(await keys.revoke(made.id, at)).toEqual({ found: true, alreadyRevoked: true });
    expect(await keys.revoke('key_000000000000', at)).toEqual({ found: false, alreadyRevoked: false });
  });

  it('returns an expiring key with its expiry; removeExpired removes it and its usage only once expired', async () => {
    const expiresAt = new Date(at.getTime() + 7 * 24 * 3600 * 1000);
    const made = await keys.create('free', 'demo', at, expiresAt);
    const kept = await keys.create('free', 'kept', at);
    expect(await keys.findActive(made.key)).toEqual({
      id: made.id,
      tier: 'free',
      expiresAtMs: expiresAt.getTime(),
    });
    await pool.query('INSERT INTO key_usage (key_id, month, used) VALUES ($1, $2, 5), ($3, $2, 6)', [
      made.id,
      quotaMonth(at),
      kept.id,
    ]);
    expect(await keys.removeExpired(new Date(expiresAt.getTime() - 1))).toBe(0);
    expect(await keys.findActive(made.key)).not.toBeNull();
    expect(await keys.removeExpired(expiresAt)).toBe(1);
    expect(await keys.findActive(made.key)).toBeNull();
    const usage = await pool.query('SELECT key_id, used FROM key_usage WHERE key_id IN ($1, $2)', [
      made.id,
      kept.id,
    ]);
    expect(usage.rows).toEqual([{ key_id: kept.id, used: 6 }]);
    expect(await keys.findActive(kept.key)).not.toBeNull();
  });

  it('removes an expired key whose first call of a month another process is committing meanwhile', async () => {
    const expiresAt = new Date(at.getTime() - 1000);
    const made = await keys.create('free', 'demo', new Date(at.getTime() - 8 * 24 * 3600 * 1000), expiresAt);
    const other = openPgPool(db.url, { max: 1 });
    const spender = await other.connect();
    try {
      // A spend that started just before the expiry: its row is inserted, its key held (FOR KEY SHARE).
      await spender.query('BEGIN');
      await spender.query("INSERT INTO key_usage (key_id, month, used) VALUES ($1, '2026-07', 1)", [made.id]);
      const removal = keys.removeExpired(at);
      await new Promise((resolve) => setTimeout(resolve, 100)); // the removal waits for the spend's lock
      await spender.query('COMMIT');
      expect(await removal).toBe(1);
      const left = await pool.query('SELECT count(*)::int AS n FROM key_usage WHERE key_id = $1', [made.id]);
      expect(left.rows[0].n).toBe(0);
    } finally {
      spender.release();
      await other.end();
    }
  });

  it("lists every key in creation order with this month's usage, and counts them", async () => {
    await pool.query('DELETE FROM key_usage');
    await pool.query('DELETE FROM api_keys');
    const first = await keys.create('free', 'first', new Date('2026-06-01T00:00:00.000Z'));
    const second = await keys.create('business', null, new Date('2026-06-02T00:00:00.000Z'));
    const expiresAt = new Date('2026-06-09T00:00:00.000Z');
    const third = await keys.create('free', 'demo', new Date('2026-06-02T00:00:00.000Z'), expiresAt);
    await keys.revoke(second.id, new Date('2026-06-03T00:00:00.000Z'));
    await pool.query(
      `INSERT INTO key_usage (key_id, month, used) VALUES ($1, '2026-06', 12), ($1, '2026-05', 900), ($2, '2026-05', 3)`,
      [first.id, second.id],
    );
    const listed = await keys.list(at);
    const [a, b] = [second, third].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(listed.map((row) => row.id)).toEqual([first.id, a?.id, b?.id]);
    expect(listed[0]).toEqual({
      id: first.id,
      label: 'first',
      tier: 'free',
      created_at: '2026-06-01T00:00:00.000Z',
      revoked_at: null,
      expires_at: null,
      used_this_month: 12,
    });
    expect(listed.find((row) => row.id === second.id)).toMatchObject({
      tier: 'business',
      label: null,
      revoked_at: '2026-06-03T00:00:00.000Z',
      used_this_month: 0,
    });
    expect(listed.find((row) => row.id === third.id)).toMatchObject({
      expires_at: '2026-06-09T00:00:00.000Z',
      used_this_month: 0,
    });
    expect((await keys.list(new Date('2026-05-20T00:00:00.000Z')))[0]?.used_this_month).toBe(900);
    expect(await keys.count()).toBe(3);
  });

  it('moves the change signal of its own process at once, and of another process by notification', async () => {
    const other = openPgPool(db.url, { max: 2 });
    const mine = await PgChangeSignal.open(pool, { pollMs: 60_000 });
    const theirs = await PgChangeSignal.open(other, { pollMs: 60_000 });
    try {
      const made = await keys.create('free', null, at);
      const before = [mine.read(), theirs.read()];
      await keys.revoke(made.id, at);
      expect(mine.read()).toBeGreaterThan(before[0] as number); // no wait: this process's own commit
      await expect
        .poll(() => theirs.read(), { timeout: 1_000, interval: 5 })
        .toBeGreaterThan(before[1] as number);
      // A revoke that changes nothing, and a removal that removes nothing, announce nothing.
      await new Promise((resolve) => setTimeout(resolve, 100)); // this process's notification comes back too
      const settled = [mine.read(), theirs.read()];
      await keys.revoke(made.id, at);
      await keys.removeExpired(new Date('2000-01-01T00:00:00.000Z'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect([mine.read(), theirs.read()]).toEqual(settled);
    } finally {
      await mine.close();
      await theirs.close();
      await other.end();
    }
  });

  it('rolls a failed revoke back without announcing it', async () => {
    const made = await keys.create('free', null, at);
    const signal = await PgChangeSignal.open(pool, { pollMs: 60_000 });
    try {
      const before = signal.read();
      // An invalid date throws inside the transaction, after the row was locked.
      await expect(keys.revoke(made.id, new Date(Number.NaN))).rejects.toThrow();
      expect((await keys.list(at)).find((row) => row.id === made.id)?.revoked_at).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(signal.read()).toBe(before);
    } finally {
      await signal.close();
    }
  });
});
