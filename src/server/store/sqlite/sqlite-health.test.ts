import {
  copyFileSync,
  mkdtempSync,
  renameSync,
  rmSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logging/logger';
import { type Db, openDatabase } from './database';
import { createStoreHealth, isStoreFault, storeErrorKind } from './sqlite-health';

let dir: string;
let path: string;
let db: Db;
let clock: number;
let logLines: { level: string; msg: string; store?: string; problem?: string }[];

/** A store file with some pages in the main file (checkpointed), as a running server has. */
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'slab-health-'));
  path = join(dir, 'market.db');
  db = openDatabase(path);
  const insert = db.prepare('INSERT INTO app_settings (name, value) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) insert.run(`setting-${i}`, 'x'.repeat(100));
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  clock = 0;
  logLines = [];
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const health = () =>
  createStoreHealth({
    path,
    db,
    now: () => clock,
    logger: createLogger('info', (line) => logLines.push(JSON.parse(line))),
  });
const faults = () => logLines.filter((line) => line.msg === 'store fault');

describe('the file under a running server', () => {
  it('is sound as opened, and stays sound through ordinary writes', () => {
    const watch = health();
    expect(watch.problem()).toBeNull();
    db.prepare('INSERT INTO app_settings (name, value) VALUES (?, ?)').run('more', 'y');
    db.pragma('wal_checkpoint(TRUNCATE)');
    clock += 1000;
    expect(watch.problem()).toBeNull();
    expect(logLines).toEqual([]);
  });

  it('deleted: a fault at the next check (at most a second later), logged once, with the path in the log only', () => {
    const watch = health();
    expect(watch.problem()).toBeNull();
    unlinkSync(path);
    // SQLite itself notices nothing: the deleted file still answers.
    expect(db.prepare('SELECT COUNT(*) FROM app_settings').pluck().get()).toBe(2000);
    clock += 500;
    expect(watch.problem()).toBeNull();
    clock += 500;
    const problem = watch.problem();
    expect(problem).toMatch(/deleted/);
    expect(problem).not.toContain(dir);
    clock += 5000;
    expect(watch.problem()).toBe(problem);
    expect(faults()).toEqual([expect.objectContaining({ level: 'error', store: path, problem })]);
  });

  it('moved away and back: a fault while it is gone, sound again (logged once) when the same file returns', () => {
    const watch = health();
    renameSync(path, `${path}.aside`);
    clock += 1000;
    expect(watch.problem()).toMatch(/deleted/);
    renameSync(`${path}.aside`, path);
    clock += 1000;
    expect(watch.problem()).toBeNull();
    expect(logLines.map((line) => line.msg)).toEqual(['store fault', 'store sound again']);
  });

  it('replaced by another file (a restore while running): a fault', () => {
    const watch = health();
    copyFileSync(path, `${path}.copy`);
    renameSync(`${path}.copy`, path);
    clock += 1000;
    expect(watch.problem()).toMatch(/replaced/);
  });

  it('truncated: a fault once seen on two checks in a row, and for good', () => {
    const watch = health();
    truncateSync(path, 8192);
    clock += 1000;
    expect(watch.problem()).toBeNull();
    clock += 1000;
    const problem = watch.problem();
    expect(problem).toMatch(/truncated/);
    clock += 1000;
    expect(watch.problem()).toBe(problem);
    expect(faults()).toHaveLength(1);
  });

  it('truncated to nothing, or overwritten with something that is not SQLite: a fault', () => {
    const watch = health();
    truncateSync(path, 0);
    clock += 1000;
    watch.problem();
    clock += 1000;
    expect(watch.problem()).toMatch(/truncated or overwritten/);

    const other = health();
    writeFileSync(
      path,
      'not a database at all, but long enough to hold a header of one hundred bytes. '.repeat(3),
    );
    clock += 1000;
    other.problem();
    clock += 1000;
    expect(other.problem()).toMatch(/truncated or overwritten/);
  });

  it('a store in memory is always healthy', () => {
    const memory = openDatabase(':memory:');
    try {
      const watch = createStoreHealth({ path: ':memory:', db: memory, now: () => clock });
      expect(watch.problem()).toBeNull();
      expect(watch.isStoreFault(Object.assign(new Error('x'), { code: 'SQLITE_CORRUPT' }))).toBe(true);
      clock += 10_000;
      expect(watch.problem()).toBeNull();
    } finally {
      memory.close();
    }
  });
});

describe('thrown errors', () => {
  const sqliteError = (code: string) => Object.assign(new Error('some message'), { code });

  it.each([
    ['SQLITE_BUSY', 'busy'],
    ['SQLITE_BUSY_SNAPSHOT', 'busy'],
    ['SQLITE_CORRUPT', 'damaged'],
    ['SQLITE_CORRUPT_INDEX', 'damaged'],
    ['SQLITE_NOTADB', 'damaged'],
    ['SQLITE_READONLY_DBMOVED', 'damaged'],
    ['SQLITE_IOERR', 'unreachable'],
    ['SQLITE_IOERR_SHORT_READ', 'unreachable'],
    ['SQLITE_CANTOPEN', 'unreachable'],
    ['SQLITE_READONLY', 'unreachable'],
    ['SQLITE_FULL', 'unreachable'],
    ['SQLITE_ERROR', null],
    ['SQLITE_CONSTRAINT_UNIQUE', null],
    ['SQLITE_MISUSE', null],
    ['SQLITE_LOCKED', null],
    ['SQLITE_IOERRX', null],
    ['ENOENT', null],
  ])('%s is %s', (code, kind) => {
    expect(storeErrorKind(sqliteError(code))).toBe(kind);
    expect(isStoreFault(sqliteError(code))).toBe(kind !== null);
  });

  it('errors without an SQLite code are not store faults', () => {
    expect(isStoreFault(new TypeError('The database connection is not open'))).toBe(false);
    expect(isStoreFault(null)).toBe(false);
    expect(isStoreFault('SQLITE_CORRUPT')).toBe(false);
  });

  it('the real error of reading a truncated store is a fault', () => {
    db.close();
    truncateSync(path, 8192);
    const broken = new Database(path);
    let thrown: unknown;
    try {
      broken.prepare('SELECT COUNT(*) FROM app_settings').pluck().get();
    } catch (error) {
      thrown = error;
    } finally {
      broken.close();
    }
    expect(storeErrorKind(thrown)).toBe('damaged');
    db = openDatabase(':memory:');
  });

  it('damage reported by SQLite is remembered and logged once; busy and bugs are not remembered', () => {
    const watch = health();
    expect(watch.isStoreFault(sqliteError('SQLITE_BUSY'))).toBe(true);
    expect(watch.isStoreFault(sqliteError('SQLITE_CONSTRAINT'))).toBe(false);
    expect(watch.problem()).toBeNull();
    expect(watch.isStoreFault(sqliteError('SQLITE_CORRUPT'))).toBe(true);
    const problem = watch.problem();
    expect(problem).toMatch(/damaged \(SQLite reports SQLITE_CORRUPT\)/);
    expect(problem).not.toMatch(/some message/);
    watch.isStoreFault(sqliteError('SQLITE_NOTADB'));
    clock += 1000;
    expect(watch.problem()).toBe(problem);
    expect(faults()).toHaveLength(1);
  });
});
