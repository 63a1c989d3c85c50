import { existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { derivedComputation } from '../../analytics/derived/derived-computation';
import { StoreError } from '../store-error';
import { asStoreError, openDatabase } from './database';
import { KeyStore } from './sqlite-keys';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slab-db-'));
  path = join(dir, 'market.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A store made by openDatabase, with enough rows that its file is many pages long, closed. */
function makeStore(): void {
  const db = openDatabase(path);
  const insert = db.prepare('INSERT INTO app_settings (name, value) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(`setting-${i}`, 'x'.repeat(100));
  })();
  db.close();
}

/** The StoreError openDatabase throws (failing the test when it opens instead). */
function refusal(options: Parameters<typeof openDatabase>[1] = {}): StoreError {
  let db: ReturnType<typeof openDatabase> | undefined;
  try {
    db = openDatabase(path, options);
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    return error as StoreError;
  } finally {
    db?.close();
  }
  throw new Error('openDatabase opened the store');
}

describe('opening a store', () => {
  it('a missing or empty file becomes a new store, as on a first start', async () => {
    openDatabase(path).close();
    writeFileSync(join(dir, 'empty.db'), '');
    const db = openDatabase(join(dir, 'empty.db'));
    expect(await new KeyStore(db).count()).toBe(0);
    db.close();
  });

  it('with create: false, a missing or empty file is no store, and none is made', () => {
    const missing = refusal({ create: false });
    expect(missing.kind).toBe('missing');
    expect(missing.message).toBe(
      `No store at ${path}: start the server or run npm run seed first (or set SLAB_DB).`,
    );
    expect(existsSync(path)).toBe(false);
    writeFileSync(path, '');
    expect(refusal({ create: false }).kind).toBe('missing');
    expect(readFileSync(path).length).toBe(0);
  });

  it('with create: false, a sound store opens', () => {
    makeStore();
    const db = openDatabase(path, { create: false });
    expect(db.prepare('SELECT COUNT(*) FROM app_settings').pluck().get()).toBe(2000);
    db.close();
  });

  it.each([
    ['truncated', () => truncateSync(path, 8192), /truncated|SQLITE_CORRUPT/],
    [
      'overwritten with text',
      () => writeFileSync(path, 'name,price\n'.repeat(500)),
      /not an SQLite database/,
    ],
  ])('a %s store is refused as damaged, and left as it was', (_, damage, reason) => {
    makeStore();
    damage();
    const before = readFileSync(path);
    for (const create of [true, false]) {
      const error = refusal({ create });
      expect(error.kind).toBe('damaged');
      expect(error.message).toMatch(reason);
      expect(error.message).toContain(path);
      expect(error.message).toMatch(/Restore it from a backup, or move it aside to start with a fresh store/);
    }
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  it('an SQLite file that this product did not make is refused', () => {
    const other = new Database(path);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    other.close();
    const error = refusal();
    expect(error.kind).toBe('damaged');
    expect(error.message).toMatch(/not a store made by Slab Terminal/);
    const tables = new Database(path);
    expect(tables.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual([
      'notes',
    ]);
    tables.close();
  });

  it('a store that lost a table its migrations made is refused', () => {
    makeStore();
    const other = new Database(path);
    other.exec('DROP TABLE app_settings');
    other.close();
    const error = refusal();
    expect(error.kind).toBe('damaged');
    expect(error.message).toMatch(/tables missing: app_settings/);
  });
});

describe('busy', () => {
  it('a writer held beyond the busy timeout is a busy StoreError, which names no SQL', async () => {
    makeStore();
    const holder = new Database(path);
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE');
    const db = openDatabase(path, { create: false, busyTimeoutMs: 50 });
    try {
      let thrown: unknown;
      try {
        await new KeyStore(db).create('free');
      } catch (error) {
        thrown = error;
      }
      const error = asStoreError(thrown, path);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).kind).toBe('busy');
      expect((error as StoreError).message).toMatch(/is busy: .* Try again/);
      expect((error as StoreError).message).not.toMatch(/INSERT/i);
    } finally {
      db.close();
      holder.exec('ROLLBACK');
      holder.close();
    }
  });

  it('an ordinary error is not turned into a store error', () => {
    const bug = Object.assign(new Error('UNIQUE constraint failed'), {
      code: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    });
    expect(asStoreError(bug, path)).toBe(bug);
  });
});

describe('a migration that adds a derived table', () => {
  it('fills it at once in a store that already has sales (a store made before the sales index)', async () => {
    const { ingestText, salesCsv } = await import('../../analytics/testing/hand-market');
    const db = openDatabase(path);
    await ingestText(db, 'sales', 'sales.csv', salesCsv());
    const points = () => db.prepare('SELECT count(*) FROM sales_index').pluck().get() as number;
    const filled = points();
    expect(filled).toBeGreaterThan(0);
    // As a store made before the migration: no derived rows, the migration not yet applied.
    db.exec(
      "DELETE FROM schema_migrations WHERE id IN ('004-sales-index-accuracy', '006-next-sale'); DROP TABLE sales_index; DROP TABLE sales_accuracy; DROP TABLE next_sale_model;",
    );
    db.close();
    // Opened without the computation (as a test or bench may): refused, nothing applied.
    expect(() => openDatabase(path)).toThrow(/derived tables rebuilt by a migration/);
    const reopened = openDatabase(path, { derive: derivedComputation });
    expect(reopened.prepare('SELECT count(*) FROM sales_index').pluck().get()).toBe(filled);
    expect(reopened.prepare('SELECT count(*) FROM next_sale_model').pluck().get()).toBe(1);
    reopened.close();
  });
});
