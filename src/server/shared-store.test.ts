import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type ServerProcess, startServerProcess } from './http/testing/server-process';
import { seedDemoMarket } from './seed/seed-demo-market';
import { openDatabase } from './store/sqlite/database';
import { KeyStore } from './store/sqlite/sqlite-keys';

/**
 * The SQLite store shared with other clients while the server runs (docs/operations.md, "Other
 * programs on the store"): a separate process that opens, reads and closes the file must change
 * nothing for the server. SQLite deletes the WAL when the last connection holding the file's lock
 * closes; if the server held none, that client would checkpoint and delete the WAL under it.
 */
let dir: string;
let seeded: string;
let servers: ServerProcess[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'slab-shared-'));
  seeded = join(dir, 'seeded.db');
  const db = openDatabase(seeded);
  seedDemoMarket(db, { scale: 'small', asOf: '2026-11-15', seed: 7 });
  db.close();
});
afterEach(() => {
  for (const server of servers) server.child.kill('SIGKILL');
  servers = [];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = (store: string) => ({
  ...process.env,
  SLAB_DB: store,
  PORT: '0',
  HOST: '127.0.0.1',
  SLAB_DEMO: '0',
  SLAB_AUTO_SEED: '0',
  SLAB_WEB_DIST: join(dir, 'no-web'),
  SLAB_INTEGRITY_CHECK_SECONDS: '1',
  SLAB_RATE_LIMITS: 'off',
  LOG_LEVEL: 'debug',
});

async function start(store: string): Promise<ServerProcess> {
  const server = await startServerProcess(env(store));
  servers.push(server);
  return server;
}

/**
 * Child processes run without blocking this process's event loop, so that the HTTP client sees the
 * server close an idle connection instead of reusing it.
 */
const execFileAsync = promisify(execFile);

/**
 * Another program on the store, in a process of its own: the `sqlite3` shell opens the file, reads,
 * closes. Its SQLite (Debian's) deletes the WAL when it takes itself for the last client; the newer
 * one bundled with better-sqlite3 kept the WAL even without the server's lock, so it cannot show the fault.
 */
async function otherClientReads(store: string): Promise<number> {
  const run = await execFileAsync('sqlite3', [store, 'SELECT count(*) FROM api_keys'], {});
  expect(run.stderr).toBe('');
  return Number(run.stdout);
}

async function keysCli(store: string, args: string[]): Promise<string> {
  const run = await execFileAsync(process.execPath, ['--import', 'tsx', 'src/server/cli/keys.ts', ...args], {
    cwd: REPO_ROOT,
    env: env(store),
    timeout: 30_000,
  });
  expect(run.stderr).toBe('');
  return run.stdout;
}

const get = (server: ServerProcess, path: string, key: string) =>
  fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } });

/** Polls until `status` answers `path` with `key`, for at most `ms`; returns how long it took. */
async function statusWithin(server: ServerProcess, path: string, key: string, status: number, ms: number) {
  const started = performance.now();
  for (;;) {
    const response = await get(server, path, key);
    await response.arrayBuffer();
    if (response.status === status) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`${path} still ${response.status}, not ${status}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function waitFor(done: () => boolean, ms: number): Promise<void> {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(100);
  }
}

describe('another SQLite client on the live store', () => {
  it('changes nothing: no WAL deleted, keys seen within a second, every call counted, no fault', {
    timeout: 120_000,
  }, async () => {
    const store = join(dir, `store-${Date.now()}.db`);
    copyFileSync(seeded, store);
    const setup = openDatabase(store);
    const keys = new KeyStore(setup);
    const counted = await keys.create('pro', 'counted');
    const revoked = await keys.create('pro', 'to revoke');
    setup.close();

    let server = await start(store);
    let calls = 0;
    for (let i = 0; i < 5; i++) {
      expect((await get(server, '/v1/floor', counted.key)).status).toBe(200);
      calls++;
    }
    expect((await get(server, '/v1/floor', revoked.key)).status).toBe(200);
    // The server looks at its file at most once a second: a request after a pause makes it look.
    await sleep(1100);
    expect((await get(server, '/v1/ping', counted.key)).status).toBe(200);

    expect(await otherClientReads(store)).toBe(2);
    // The server still holds the file: the other client was not the last one, so the WAL stays.
    expect(existsSync(`${store}-wal`)).toBe(true);

    for (let i = 0; i < 5; i++) {
      expect((await get(server, `/v1/sold?q=charizard&days=${30 + i}`, counted.key)).status).toBe(200);
      calls++;
    }

    await keysCli(store, ['revoke', revoked.id]);
    expect(await statusWithin(server, '/v1/floor', revoked.key, 401, 1000)).toBeLessThan(1000);

    const made = JSON.parse(await keysCli(store, ['create', '--tier', 'free', '--json'])) as { key: string };
    expect(await statusWithin(server, '/v1/ping', made.key, 200, 1000)).toBeLessThan(1000);
    expect(await statusWithin(server, '/v1/floor', made.key, 200, 1000)).toBeLessThan(1000);

    // A second read after the writes, then two integrity checks begun after it (each once a second,
    // at the lowest CPU priority: a busy machine makes them slow, never failed).
    await otherClientReads(store);
    expect(existsSync(`${store}-wal`)).toBe(true);
    const logged = () => server.lines.map((line) => JSON.parse(line) as { msg: string });
    const passedBefore = logged().filter((entry) => entry.msg === 'integrity check passed').length;
    await waitFor(
      () => logged().filter((entry) => entry.msg === 'integrity check passed').length >= passedBefore + 2,
      30_000,
    );
    const ping = (await (await fetch(`${server.url}/v1/ping`)).json()) as { ok: boolean };
    expect(ping.ok).toBe(true);
    expect(logged().filter((entry) => /store fault|integrity check failed/.test(entry.msg))).toEqual([]);

    // A clean stop, a new start: the key's usage is every call it made.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    servers = [];
    server = await start(store);
    const usage = (await (await get(server, '/v1/usage', counted.key)).json()) as { data: { used: number } };
    expect(usage.data.used).toBe(calls);
    expect((await get(server, '/v1/floor', revoked.key)).status).toBe(401);
  });
});
