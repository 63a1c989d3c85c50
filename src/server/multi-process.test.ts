import { type ChildProcess, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeTempFile } from './analytics/testing/hand-market';
import { quotaMonth } from './auth/tiers';
import { REPO_ROOT, startServerProcess } from './http/testing/server-process';
import { createTestDatabase, type TestDatabase } from './store/postgres/testing/test-postgres';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (issue 15,
 * docs/deploy.md): the real `src/server/main.ts` twice, and the real seed, keys and ingest CLIs.
 * A burst split across both gets exactly the calls left, each `remaining` once; a key revoked with
 * the CLI is refused by both within 1 s; an ingest with the CLI shows in both within 1 s.
 */
let database: TestDatabase;
const running = new Set<ChildProcess>();
let servers: string[] = [];

const env = () => ({
  ...process.env,
  SLAB_DB: database.url,
  PORT: '0',
  HOST: '127.0.0.1',
  SLAB_AUTO_SEED: '0',
  SLAB_DEMO: '0',
  SLAB_WEB_DIST: join(REPO_ROOT, '.tmp', 'no-web'),
  LOG_LEVEL: 'info',
});

function cli(script: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
    cwd: REPO_ROOT,
    env: env(),
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Every line each server wrote, and whether it has exited (none may, in these tests). */
const serverLines: string[][] = [];
const exits: (number | null)[] = [];

async function startServer(): Promise<string> {
  const server = await startServerProcess(env());
  running.add(server.child);
  serverLines.push(server.lines);
  server.exited.then((code) => exits.push(code));
  return server.url;
}

/**
 * A GET; tried again once when the kept-alive connection it reused was closed by the server at that
 * moment (Node closes idle ones after 5 s, which a slow CLI run on a loaded machine outlasts).
 */
async function get(server: string, path: string, key: string): Promise<Response> {
  const once = () => fetch(`${server}${path}`, { headers: { 'x-api-key': key } });
  try {
    return await once();
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return once();
  }
}

/** Asks `check` of every server until all say yes; the milliseconds that took. */
async function msUntil(check: (server: string) => Promise<boolean>, limitMs = 3_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const answers = await Promise.all(servers.map(check));
    if (answers.every(Boolean)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return Number.POSITIVE_INFINITY;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const seeded = cli('seed', '--scale', 'small', '--as-of', '2026-11-15', '--seed', '7');
  expect(seeded.code, seeded.stderr).toBe(0);
  servers = await Promise.all([startServer(), startServer()]);
}, 180_000);
afterEach(() => {
  // A server that died mid-test would fail the test anyway; this says why.
  expect(exits, serverLines.map((lines) => lines.slice(-20).join('\n')).join('\n---\n')).toEqual([]);
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await database.drop();
});

describe('two server processes on one PostgreSQL database', () => {
  it('split a burst so that exactly the calls left succeed, each remaining value once', async () => {
    const made = JSON.parse(cli('keys', 'create', '--tier', 'free', '--json').stdout) as {
      key: string;
      id: string;
    };
    const left = 20;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('INSERT INTO key_usage (key_id, month, used) VALUES ($1, $2, $3)', [
      made.id,
      quotaMonth(new Date()),
      1000 - left,
    ]);
    await client.end();
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => get(servers[i % 2] as string, '/v1/floor', made.key)),
    );
    const ok = responses.filter((response) => response.status === 200);
    expect(ok).toHaveLength(left);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(60 - left);
    const remaining = await Promise.all(ok.map(async (response) => (await response.json()).meta.remaining));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: left }, (_, i) => i));
  });

  it('count usage exactly: a burst split over both, read back from either, by day and by operation', async () => {
    const { key } = JSON.parse(cli('keys', 'create', '--tier', 'pro', '--json').stdout) as { key: string };
    const paths = [
      ...Array.from({ length: 30 }, () => '/v1/floor'),
      ...Array.from({ length: 20 }, () => '/v1/index'),
      ...Array.from({ length: 10 }, () => '/v1/floor?categroy=pokemon'), // a typo: 400, spends nothing
    ];
    const responses = await Promise.all(paths.map((path, i) => get(servers[i % 2] as string, path, key)));
    expect(responses.map((response) => response.status).sort()).toEqual([
      ...Array.from({ length: 50 }, () => 200),
      ...Array.from({ length: 10 }, () => 400),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    for (const server of servers) {
      const usage = (await (await get(server, '/v1/usage', key)).json()) as {
        meta: { remaining: number };
        data: {
          used: number;
          remaining: number;
          by_day: { date: string; calls: number }[];
          by_operation: { operation: string; calls: number }[];
        };
      };
      expect(usage.data.used).toBe(50);
      expect(usage.data.remaining).toBe(50_000 - 50);
      expect(usage.meta.remaining).toBe(50_000 - 50);
      expect(usage.data.by_day.reduce((sum, day) => sum + day.calls, 0)).toBe(50);
      expect(usage.data.by_day.at(-1)).toEqual({ date: today, calls: 50 });
      expect(usage.data.by_day).toHaveLength(Number(today.slice(8, 10)));
      expect(usage.data.by_operation).toEqual([
        { operation: 'getFloor', calls: 30 },
        { operation: 'getIndexSeries', calls: 20 },
      ]);
    }
  });

  it('refuse a key revoked with the CLI in both processes within 1 s', async () => {
    const made = JSON.parse(cli('keys', 'create', '--tier', 'pro', '--json').stdout) as {
      key: string;
      id: string;
    };
    for (const server of servers) expect((await get(server, '/v1/floor', made.key)).status).toBe(200);
    const revoked = cli('keys', 'revoke', made.id);
    expect(revoked.code, revoked.stderr).toBe(0);
    const ms = await msUntil(async (server) => (await get(server, '/v1/floor', made.key)).status === 401);
    expect(ms).toBeLessThan(1_000);
  });

  it('show an ingest made with the CLI in both processes within 1 s', async () => {
    const { key } = JSON.parse(cli('keys', 'create', '--tier', 'business', '--json').stdout) as {
      key: string;
    };
    const q = '/v1/value?q=zzyzx%20multiprocess';
    for (const server of servers) expect((await get(server, q, key)).status).toBe(404);
    const file = writeTempFile(
      'multi-process-sales.csv',
      'source_id,sold_at,category,label,title,grade,price\n' +
        'mp-1,2026-11-14T10:00:00Z,misc,Test Label,2026 Zzyzx Multiprocess #1,PSA 10,42\n',
    );
    const ingested = cli('ingest', 'sales', file);
    expect(ingested.code, ingested.stderr).toBe(0);
    const ms = await msUntil(async (server) => (await get(server, q, key)).status === 200);
    expect(ms).toBeLessThan(1_000);
    const answer = await (await get(servers[1] as string, q, key)).json();
    expect(answer.data.value).toBe(42);
  });
});
