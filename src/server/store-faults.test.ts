import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from './auth/api-keys';
import { seedDemoMarket } from './seed/seed-demo-market';
import { openDatabase } from './store/database';

/**
 * Store faults as the real processes meet them (docs/operations.md, "Store faults"): the server
 * refuses to start on a damaged store and never re-seeds over it; the keys CLI never makes a store,
 * and says plainly when the store is missing, damaged or busy; seed and ingest refuse a damaged one.
 */
const root = resolve(import.meta.dirname, '..', '..');
let dir: string;
/** A small seeded store, closed (so its file holds everything), copied by each test before use. */
let seeded: string;
let keyId: string;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'slab-faults-'));
  seeded = join(dir, 'seeded.db');
  const db = openDatabase(seeded);
  seedDemoMarket(db, { scale: 'small', asOf: '2026-11-15', seed: 7 });
  keyId = (await new KeyStore(db).create('free', 'fault test')).id;
  db.close();
});
afterEach(async () => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let copies = 0;
/** A copy of the seeded store at a new path, optionally damaged. */
function storeCopy(damage?: (path: string) => void): string {
  const path = join(dir, `store-${++copies}.db`);
  copyFileSync(seeded, path);
  damage?.(path);
  return path;
}
const truncateHalf = (path: string) => truncateSync(path, Math.floor(statSync(path).size / 2));

const env = (store: string, extra: Record<string, string> = {}) => ({
  ...process.env,
  SLAB_DB: store,
  PORT: '0',
  HOST: '127.0.0.1',
  SLAB_DEMO: '0',
  SLAB_SEED_SCALE: 'small',
  SLAB_SEED_AS_OF: '2026-11-15',
  SLAB_WEB_DIST: join(dir, 'no-web'),
  LOG_LEVEL: 'info',
  ...extra,
});

function runScript(script: string, store: string, args: string[] = [], extra: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: env(store, extra),
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
const keysCli = (store: string, args: string[], extra: Record<string, string> = {}) =>
  runScript('src/server/cli/keys.ts', store, args, extra);

/** No stack trace: no `    at file:line` frame, no `Error:` dump of a thrown error. */
const expectNoStack = (text: string) => expect(text).not.toMatch(/^\s+at |SqliteError|node:internal/m);

describe('server start', () => {
  it('a truncated store stops the start with a message and exit 1, and is not re-seeded', async () => {
    const store = storeCopy(truncateHalf);
    const before = readFileSync(store);
    const run = runScript('src/server/main.ts', store, [], { SLAB_AUTO_SEED: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Cannot start: The store at ${store} is damaged`);
    expect(run.stderr).toMatch(/Restore it from a backup, or move it aside to start with a fresh store/);
    expect(run.stderr).not.toMatch(/Seeding/);
    expect(run.stdout).not.toMatch(/listening/);
    expectNoStack(run.stderr);
    expect(readFileSync(store).equals(before)).toBe(true);
  });

  it('a file that is not SQLite stops the start too', async () => {
    const store = join(dir, 'notes.db');
    writeFileSync(store, 'these are my notes, not a database\n'.repeat(50));
    const run = runScript('src/server/main.ts', store);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is damaged \(not an SQLite database\)/);
    expect(readFileSync(store, 'utf8')).toMatch(/^these are my notes/);
  });

  it('an empty new file still starts and is seeded', async () => {
    const store = join(dir, 'empty.db');
    writeFileSync(store, '');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: env(store, { SLAB_AUTO_SEED: '1' }),
    });
    running.add(child);
    const stderr: string[] = [];
    child.stderr.on('data', (chunk) => stderr.push(String(chunk)));
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no listening line: ${stderr.join('')}`)), 40_000);
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (JSON.parse(line).msg === 'listening') {
          clearTimeout(timer);
          done();
        }
      });
      child.on('exit', () => fail(new Error(`server exited: ${stderr.join('')}`)));
    });
    expect(stderr.join('')).toMatch(/Seeding the small demo market/);
    child.kill('SIGKILL');
  });
});

describe('a running server', () => {
  it('logs a store deleted under it as one store fault within seconds, with no request made', async () => {
    const store = storeCopy();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: env(store, { SLAB_AUTO_SEED: '0' }),
    });
    running.add(child);
    const entries: { msg: string; store?: string; problem?: string }[] = [];
    const seen = (msg: string, ms: number) =>
      new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`no ${msg} line: ${JSON.stringify(entries)}`)), ms);
        const look = () => {
          if (!entries.some((entry) => entry.msg === msg)) return;
          clearTimeout(timer);
          done();
        };
        child.stdout.on('data', look);
        look();
      });
    createInterface({ input: child.stdout }).on('line', (line) => entries.push(JSON.parse(line)));
    await seen('listening', 30_000);
    unlinkSync(store);
    await seen('store fault', 8_000);
    const faults = entries.filter((entry) => entry.msg === 'store fault');
    expect(faults).toEqual([expect.objectContaining({ store, problem: expect.stringMatching(/deleted/) })]);
    // Every endpoint answers 503 unavailable, /v1/ping included, with a hint that names no path.
    const url = (entries.find((entry) => entry.msg === 'listening') as unknown as { url: string }).url;
    for (const path of ['/v1/ping', '/v1', '/v1/floor', '/v1/value?q=charizard']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after'), path).toBe('60');
      const body = (await response.json()) as { error: string; hint: string };
      expect(body.error, path).toBe('unavailable');
      expect(body.hint, path).toMatch(/deleted/);
      expect(body.hint, path).not.toContain(store);
    }
  });
});

describe('keys CLI', () => {
  it('no store at SLAB_DB: a clear error, exit 1, and no store is made', async () => {
    const store = join(dir, 'typo', 'market.db');
    const run = keysCli(store, ['create', '--tier', 'free']);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      `No store at ${store}: start the server or run npm run seed first (or set SLAB_DB).`,
    );
    expect(run.stdout).toBe('');
    expect(existsSync(store)).toBe(false);
    expect(existsSync(join(dir, 'typo'))).toBe(false);
  });

  it('a damaged store: a clear error, exit 1, the file as it was', async () => {
    const store = storeCopy(truncateHalf);
    const before = readFileSync(store);
    const run = keysCli(store, ['list']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^The store at .* is damaged .*move it aside/);
    expectNoStack(run.stderr);
    expect(readFileSync(store).equals(before)).toBe(true);
  });

  it('busy beyond the timeout: create fails with a clear message; revoke tries again first, then fails', async () => {
    const store = storeCopy();
    const holder = new Database(store);
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE');
    try {
      const created = keysCli(store, ['create', '--tier', 'free'], { SLAB_BUSY_TIMEOUT_MS: '100' });
      expect(created.code).toBe(1);
      expect(created.stderr.trim()).toMatch(
        /^The store at .* is busy: another process .* Try again when it has finished\.$/,
      );
      expect(created.stdout).toBe('');
      expectNoStack(created.stderr);

      const revoked = keysCli(store, ['revoke', keyId], { SLAB_BUSY_TIMEOUT_MS: '100' });
      expect(revoked.code).toBe(1);
      expect(revoked.stderr.match(/trying again/g)).toHaveLength(2);
      expect(revoked.stderr).toMatch(/is busy: /);
      expectNoStack(revoked.stderr);

      // A read needs no write lock: list works while the writer holds it (WAL).
      expect(keysCli(store, ['list', '--json'], { SLAB_BUSY_TIMEOUT_MS: '100' }).code).toBe(0);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    const check = new Database(store, { readonly: true });
    expect(check.prepare('SELECT revoked_at FROM api_keys WHERE id = ?').pluck().get(keyId)).toBeNull();
    expect(check.prepare('SELECT COUNT(*) FROM api_keys').pluck().get()).toBe(1);
    check.close();
  });

  it('revoke lands when the writer lets go between its tries', async () => {
    const store = storeCopy();
    const holder = new Database(store);
    holder.pragma('journal_mode = WAL');
    holder.exec('BEGIN IMMEDIATE');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/keys.ts', 'revoke', keyId], {
      cwd: root,
      env: env(store, { SLAB_BUSY_TIMEOUT_MS: '100' }),
    });
    running.add(child);
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
      if (holder.inTransaction && /trying again/.test(stderr)) holder.exec('ROLLBACK');
    });
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    holder.close();
    expect(stderr).toMatch(/The store is busy; trying again/);
    expect(stdout).toContain(`Revoked key ${keyId}.`);
    expect(code).toBe(0);
  });
});

describe('seed and ingest', () => {
  it('refuse a damaged store with the same message, and leave it as it was', async () => {
    const store = storeCopy(truncateHalf);
    const before = readFileSync(store);
    const seeding = runScript('src/server/cli/seed.ts', store, ['--scale', 'small']);
    expect(seeding.code).toBe(1);
    expect(seeding.stderr).toMatch(/^The store at .* is damaged .*move it aside/);
    expectNoStack(seeding.stderr);

    const sales = join(dir, 'sales.csv');
    writeFileSync(sales, 'title,grade,price,sold_at\n');
    const ingesting = runScript('src/server/cli/ingest.ts', store, ['sales', sales]);
    expect(ingesting.code).toBe(1);
    expect(ingesting.stderr).toMatch(/^The store at .* is damaged .*move it aside/);
    expectNoStack(ingesting.stderr);
    expect(readFileSync(store).equals(before)).toBe(true);
  });
});
