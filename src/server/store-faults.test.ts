import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarket } from './seed/seed-demo-market';
import { openDatabase } from './store/sqlite/database';
import { KeyStore } from './store/sqlite/sqlite-keys';

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

/** Random bytes over pages `from` to `to` (inclusive) of a store file, its header page left whole. */
function damagePages(path: string, from: number, to: number): void {
  const pageSize = readFileSync(path).readUInt16BE(16);
  const fd = openSync(path, 'r+');
  try {
    for (let page = from; page <= to; page++)
      writeSync(fd, randomBytes(pageSize), 0, pageSize, (page - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}
/** The pages of one table or index, by SQLite's dbstat. */
function pagesOfTable(path: string, name: string): number[] {
  const db = new Database(path, { readonly: true });
  const pages = db
    .prepare('SELECT pageno FROM dbstat WHERE name = ? ORDER BY pageno')
    .pluck()
    .all(name) as number[];
  db.close();
  expect(pages.length).toBeGreaterThan(2);
  return pages;
}
/** Damage inside the catalogue's pages (every page of `cards`): the start's load of the catalogue meets it. */
const damageCatalogue = (path: string) => {
  for (const page of pagesOfTable(path, 'cards')) damagePages(path, page, page);
};
/** Damage no start-up read meets: random bytes over every page of one index. */
function damageIndex(path: string, index: string): void {
  for (const page of pagesOfTable(path, index)) damagePages(path, page, page);
}

/** A server process on `store`, its JSON log lines, and a wait for a line. */
function startServer(store: string, extra: Record<string, string> = {}, shell?: string) {
  const args = ['--import', 'tsx', 'src/server/main.ts'];
  const child = shell
    ? spawn('bash', ['-c', `${shell}; exec "$0" "$@"`, process.execPath, ...args], {
        cwd: root,
        env: env(store, { SLAB_AUTO_SEED: '0', ...extra }),
      })
    : spawn(process.execPath, args, { cwd: root, env: env(store, { SLAB_AUTO_SEED: '0', ...extra }) });
  running.add(child);
  const entries: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  createInterface({ input: child.stdout }).on('line', (line) => entries.push(JSON.parse(line)));
  const seen = (msg: string, ms: number) =>
    new Promise<Record<string, unknown>>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`no ${msg} line: ${JSON.stringify(entries)} ${stderr}`)),
        ms,
      );
      const look = () => {
        const entry = entries.find((line) => line.msg === msg);
        if (entry === undefined) return;
        clearTimeout(timer);
        clearInterval(poll);
        done(entry);
      };
      const poll = setInterval(look, 50);
      look();
    });
  return { child, entries, seen, stderr: () => stderr };
}

describe('damage inside the pages, and a store that cannot be written (issue 29)', () => {
  it('a store damaged inside its pages (header whole), met by a start-up read: the start stops, the file named, what to do, exit 1', async () => {
    const store = storeCopy((path) => damageCatalogue(path));
    const before = readFileSync(store);
    const run = runScript('src/server/main.ts', store, [], { SLAB_AUTO_SEED: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Cannot start: The store at ${store} is damaged inside (SQLite's integrity check:`,
    );
    expect(run.stderr).toMatch(/Restore it from a backup, or move it aside to start with a fresh store/);
    expect(run.stdout).not.toMatch(/"listening"/);
    expectNoStack(run.stderr);
    expect(readFileSync(store).equals(before)).toBe(true);
  });

  it('damage no start-up read meets: the server listens, the check begun at start finds it, names the file and what to do, 503 everywhere', async () => {
    const store = storeCopy((path) => damageIndex(path, 'sales_by_time'));
    const before = readFileSync(store);
    const server = startServer(store);
    const listening = (await server.seen('listening', 30_000)) as { url: string };
    const failed = await server.seen('integrity check failed', 30_000);
    expect(failed).toMatchObject({ store });
    await server.seen('store fault', 5_000);
    expect(server.stderr()).toContain(`The store at ${store} is damaged inside (SQLite's integrity check:`);
    expect(server.stderr()).toMatch(/Restore it from a backup, or move it aside to start with a fresh store/);
    expect(server.stderr()).toMatch(/every request answers 503/);
    expectNoStack(server.stderr());
    for (const path of ['/v1/ping', '/v1/openapi.json', '/v1/floor', '/v1/value?q=charizard']) {
      const response = await fetch(`${listening.url}${path}`);
      expect(response.status, path).toBe(503);
      expect(((await response.json()) as { hint: string }).hint, path).toMatch(/damaged inside/);
    }
    expect(server.entries.filter((entry) => entry.msg === 'integrity check failed')).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();
    expect(readFileSync(store).equals(before)).toBe(true);
  });

  it('damage done while running is found by the background check: 503 everywhere (OpenAPI too), said once, still running', async () => {
    const store = storeCopy();
    const server = startServer(store, { SLAB_INTEGRITY_CHECK_SECONDS: '1' });
    const listening = (await server.seen('listening', 30_000)) as { url: string };
    expect((await fetch(`${listening.url}/v1/openapi.json`)).status).toBe(200);
    damageCatalogue(store);
    const fault = await server.seen('store fault', 10_000);
    expect(fault).toMatchObject({ store, problem: expect.stringMatching(/damaged inside/) });
    expect(server.entries.filter((entry) => entry.msg === 'integrity check failed')).toHaveLength(1);
    for (const path of ['/v1/ping', '/v1/openapi.json', '/v1/floor', '/v1/value?q=charizard']) {
      const response = await fetch(`${listening.url}${path}`);
      expect(response.status, path).toBe(503);
      const body = (await response.json()) as { error: string; hint: string };
      expect(body.error === 'unavailable' || body.hint !== undefined, path).toBe(true);
      expect(body.hint, path).toMatch(/damaged inside/);
      expect(body.hint, path).not.toContain(store);
    }
    await new Promise((done) => setTimeout(done, 2_500));
    expect(server.entries.filter((entry) => entry.msg === 'store fault')).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();
  });

  /** Whether `chattr +i` works here (root on a file system that has the attribute). */
  const immutableWorks = (() => {
    const probe = join(tmpdir(), `slab-chattr-${process.pid}`);
    writeFileSync(probe, '');
    const works = spawnSync('chattr', ['+i', probe]).status === 0;
    spawnSync('chattr', ['-i', probe]);
    rmSync(probe, { force: true });
    return works;
  })();

  it.skipIf(!immutableWorks)(
    'files made immutable after another process wrote (chattr +i): a fault within seconds, no SIGBUS, a clean stop',
    async () => {
      const store = storeCopy();
      const key = (await new KeyStore(openDatabase(store)).create('business', 'immutable')).key;
      const server = startServer(store, { SLAB_INTEGRITY_CHECK_SECONDS: '0' });
      const listening = (await server.seen('listening', 30_000)) as { url: string };
      const files = [store, `${store}-wal`, `${store}-shm`];
      try {
        for (let i = 0; i < 20; i++)
          expect((await fetch(`${listening.url}/v1/floor`, { headers: { 'x-api-key': key } })).status).toBe(
            200,
          );
        await new Promise((done) => setTimeout(done, 1_500)); // the usage written
        expect(keysCli(store, ['create', '--tier', 'free']).code).toBe(0); // another process writes
        const made = spawnSync('chattr', ['+i', ...files.filter((file) => existsSync(file))], {
          encoding: 'utf8',
        });
        expect(made.stderr).toBe('');
        const fault = await server.seen('store fault', 6_000);
        expect(fault.problem).toMatch(/cannot be read or written \(EPERM\)/);
        for (let i = 0; i < 50; i++) {
          const response = await fetch(`${listening.url}/v1/floor`, { headers: { 'x-api-key': key } });
          expect(response.status).toBe(503);
        }
        expect((await fetch(`${listening.url}/v1/ping`)).status).toBe(503);
        await new Promise((done) => setTimeout(done, 1_500));
        expect(server.child.exitCode).toBeNull();
        const exited = new Promise<[number | null, string | null]>((done) =>
          server.child.on('exit', (code, signal) => done([code, signal])),
        );
        server.child.kill('SIGTERM');
        expect(await exited).toEqual([0, null]);
        expect(server.entries.map((entry) => entry.msg)).toContain('store left unclosed: store fault');
      } finally {
        spawnSync('chattr', ['-i', ...files]);
      }
    },
  );

  it('a store that cannot be written (file size limit, EFBIG): usage flushes fail into the fault state, the server keeps running', async () => {
    const store = storeCopy();
    const key = (await new KeyStore(openDatabase(store)).create('business', 'unwritable')).key;
    // 64 kB per file: the WAL index (32 kB) fits, the write-ahead log soon does not.
    const server = startServer(store, { SLAB_INTEGRITY_CHECK_SECONDS: '0' }, 'ulimit -f 64');
    const listening = (await server.seen('listening', 30_000)) as { url: string };
    let statuses: number[] = [];
    for (let round = 0; round < 40 && !statuses.includes(503); round++) {
      statuses = await Promise.all(
        Array.from(
          { length: 60 },
          async () => (await fetch(`${listening.url}/v1/floor`, { headers: { 'x-api-key': key } })).status,
        ),
      );
      await new Promise((done) => setTimeout(done, 1_100));
    }
    const fault = await server.seen('store fault', 5_000);
    expect(fault.problem).toMatch(/cannot be read or written/);
    const ping = await fetch(`${listening.url}/v1/ping`);
    expect(ping.status).toBe(503);
    expect(((await ping.json()) as { hint: string }).hint).toMatch(/cannot be read or written/);
    expect(server.entries.filter((entry) => entry.msg === 'store fault')).toHaveLength(1);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  });
});
