import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announceChange,
  CHANGE_CHANNEL,
  CHANGE_LISTENER_NAME,
  noteLocalChange,
  PgChangeSignal,
  untilChange,
} from './pg-changes';
import { openPgDatabase, openPgPool } from './pg-database';
import { PgKeyBook } from './pg-keys';
import { createTestDatabase, type TestDatabase } from './testing/test-postgres';

let test: TestDatabase;
/** The store's own pool, on a database migrated as the store does it. */
let db: { url: string; pool: pg.Pool };
/** Another server process, as far as the database can tell: a pool of its own. */
let other: pg.Pool;

beforeAll(async () => {
  test = await createTestDatabase();
  db = { url: test.url, pool: await openPgDatabase(test.url, { max: 4 }) };
  other = openPgPool(db.url, { max: 2 });
});
afterAll(async () => {
  await other?.end();
  await db?.pool.end();
  await test?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the signal moves past `from`, failing after `within` ms. */
async function movedWithin(signal: PgChangeSignal, from: number, within: number): Promise<void> {
  await expect.poll(() => signal.read(), { timeout: within, interval: 2 }).toBeGreaterThan(from);
}

/** The backend pids of the signal's LISTEN connection(s). */
async function listenerPids(): Promise<number[]> {
  const { rows } = await other.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [CHANGE_LISTENER_NAME],
  );
  return rows.map((row) => row.pid);
}

describe('PgChangeSignal: moves after any process commits a change of keys or market data', () => {
  it('a key revoked by another process moves it within 1 s, by NOTIFY', async () => {
    const signal = await PgChangeSignal.open(db.pool, { pollMs: 60_000 });
    try {
      const made = await new PgKeyBook(db.pool).create('free');
      const before = signal.read();
      await sleep(50);
      expect(signal.read()).toBe(before); // creating a key announces nothing
      await new PgKeyBook(other).revoke(made.id);
      await movedWithin(signal, before, 1_000);
    } finally {
      await signal.close();
    }
  });

  it("moves at once for this process's own commits (noteLocalChange), for every signal on the pool", async () => {
    const a = await PgChangeSignal.open(db.pool, { pollMs: 60_000 });
    const b = await PgChangeSignal.open(db.pool, { pollMs: 60_000 });
    const elsewhere = await PgChangeSignal.open(other, { pollMs: 60_000 });
    try {
      const [beforeA, beforeB, beforeElsewhere] = [a.read(), b.read(), elsewhere.read()];
      noteLocalChange(db.pool);
      expect(a.read()).toBe(beforeA + 1);
      expect(b.read()).toBe(beforeB + 1);
      expect(elsewhere.read()).toBe(beforeElsewhere);
    } finally {
      await Promise.all([a.close(), b.close(), elsewhere.close()]);
    }
  });

  it("moves when another process's seed or ingest commits its NOTIFY, not before the commit", async () => {
    const signal = await PgChangeSignal.open(db.pool, { pollMs: 100 });
    const writer = await other.connect();
    try {
      const before = signal.read();
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO market_meta (key, value) VALUES ('data_version', '1')
         ON CONFLICT (key) DO UPDATE SET value = (market_meta.value::bigint + 1)::text`,
      );
      await writer.query(`NOTIFY ${CHANGE_CHANNEL}, 'market'`);
      await sleep(500); // five polls: neither the NOTIFY nor the new version shows before the commit
      expect(signal.read()).toBe(before);
      await writer.query('COMMIT');
      await movedWithin(signal, before, 1_000);
    } finally {
      writer.release();
      await signal.close();
    }
  });

  it('moves within 1 s when a commit sends no NOTIFY (or it is lost): the version poll', async () => {
    const signal = await PgChangeSignal.open(db.pool);
    try {
      // A market commit that forgot its NOTIFY: only market_meta's data version moves.
      let before = signal.read();
      await other.query(
        `INSERT INTO market_meta (key, value) VALUES ('data_version', '1')
         ON CONFLICT (key) DO UPDATE SET value = (market_meta.value::bigint + 1)::text`,
      );
      await movedWithin(signal, before, 1_000);
      // A change announced inside a transaction whose notification never arrives: the change version moves.
      before = signal.read();
      await other.query(
        `UPDATE app_settings SET value = (value::bigint + 1)::text WHERE name = 'change_version'`,
      );
      await movedWithin(signal, before, 1_000);
    } finally {
      await signal.close();
    }
  });

  it('moves when its LISTEN connection is killed, reconnects, and moves again on the next NOTIFY', async () => {
    const errors: unknown[] = [];
    const signal = await PgChangeSignal.open(db.pool, {
      pollMs: 60_000,
      onError: (error) => errors.push(error),
    });
    try {
      const [pid] = await listenerPids();
      expect(pid).toBeTypeOf('number');
      const before = signal.read();
      await other.query('SELECT pg_terminate_backend($1)', [pid]);
      await movedWithin(signal, before, 1_000); // the loss itself: notifications may have been missed
      expect(errors.length).toBeGreaterThan(0);
      await expect.poll(() => signal.isListening, { timeout: 2_000, interval: 10 }).toBe(true);
      const newPids = await listenerPids();
      expect(newPids).toHaveLength(1);
      expect(newPids[0]).not.toBe(pid);
      const reconnected = signal.read();
      expect(reconnected).toBeGreaterThanOrEqual(before + 2); // lost, then reconnected
      const client = await other.connect();
      try {
        await client.query('BEGIN');
        await announceChange(client, 'keys');
        await client.query('COMMIT');
      } finally {
        client.release();
      }
      await movedWithin(signal, reconnected, 1_000); // by NOTIFY: the poll is a minute away
    } finally {
      await signal.close();
    }
  });

  it('keeps the 1 s bound while its LISTEN connection is down, by polling through the pool', async () => {
    const signal = await PgChangeSignal.open(db.pool, { reconnectMinMs: 10_000 });
    try {
      const [pid] = await listenerPids();
      await other.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect.poll(() => signal.isListening, { timeout: 1_000, interval: 5 }).toBe(false);
      await sleep(600); // a poll through the pool has taken the version since
      const before = signal.read();
      const made = await new PgKeyBook(other).create('free');
      await new PgKeyBook(other).revoke(made.id);
      await movedWithin(signal, before, 1_000);
      expect(signal.isListening).toBe(false);
    } finally {
      await signal.close();
    }
  });

  it('replaces a LISTEN connection whose poll does not answer in time, and moves meanwhile', async () => {
    const errors: unknown[] = [];
    const signal = await PgChangeSignal.open(db.pool, {
      pollMs: 100,
      pollTimeoutMs: 300,
      onError: (error) => errors.push(error),
    });
    const blocker = await other.connect();
    try {
      const [pid] = await listenerPids();
      const before = signal.read();
      // The poll's read waits behind this lock, as it would on a connection that died without a word.
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE app_settings IN ACCESS EXCLUSIVE MODE');
      await movedWithin(signal, before, 1_000);
      expect(String(errors[0])).toMatch(/timeout/i);
      await blocker.query('ROLLBACK');
      await expect.poll(() => signal.isListening, { timeout: 2_000, interval: 10 }).toBe(true);
      expect(await listenerPids()).not.toContain(pid);
    } finally {
      await blocker.query('ROLLBACK').catch(() => {});
      blocker.release();
      await signal.close();
    }
  });

  it('close() ends its connection; open() fails on a database it cannot reach', async () => {
    const signal = await PgChangeSignal.open(db.pool);
    expect(await listenerPids()).toHaveLength(1);
    await signal.close();
    await expect.poll(listenerPids, { timeout: 1_000, interval: 10 }).toHaveLength(0);
    const url = new URL(db.url);
    url.pathname = '/slab_no_such_database';
    const nowhere = openPgPool(url.toString());
    try {
      await expect(PgChangeSignal.open(nowhere)).rejects.toThrow(/does not exist/);
    } finally {
      await nowhere.end();
    }
  });
});

describe('untilChange: a read kept until the change count moves', () => {
  it('reads once per count, again when it moves, and does not keep a failed read', async () => {
    let count = 0;
    let reads = 0;
    let fail = false;
    const kept = untilChange({ read: () => count }, async () => {
      reads += 1;
      if (fail) throw new Error('down');
      return `read ${reads} at ${count}`;
    });
    expect(await kept()).toBe('read 1 at 0');
    expect(await kept()).toBe('read 1 at 0');
    count = 1;
    fail = true;
    await expect(kept()).rejects.toThrow('down');
    fail = false;
    expect(await kept()).toBe('read 3 at 1');
    expect(await kept()).toBe('read 3 at 1');
    expect(reads).toBe(3);
  });
});
