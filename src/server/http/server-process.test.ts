import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_FLUSH_EVERY } from '../store/sqlite/usage-meter';
import { rawGet } from './testing/raw-get';
import { createSeededStore, type SeededStore } from './testing/seeded-store';
import { FROM_BUNDLE, REPO_ROOT, type ServerProcess, startServerProcess } from './testing/server-process';

/**
 * The real processes: `src/server/main.ts` and the keys CLI on one store file. Restart keeps the
 * usage; a SIGKILL loses at most USAGE_FLUSH_EVERY - 1 calls (docs/api.md); the CLI works while the
 * server runs and a revoked key is refused at once.
 */
let store: SeededStore;
const running = new Set<ChildProcess>();

beforeAll(() => {
  store = createSeededStore();
});
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});
afterAll(() => store.cleanup());

const env = () => ({
  ...process.env,
  SLAB_DB: store.path,
  PORT: '0',
  HOST: '127.0.0.1',
  SLAB_AUTO_SEED: '0',
  SLAB_DEMO: '0',
  SLAB_WEB_DIST: join(store.dir, 'no-web'),
  LOG_LEVEL: 'info',
});

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess(env());
  running.add(server.child);
  return server;
}

function keysCli(...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/keys.ts', ...args], {
    cwd: REPO_ROOT,
    env: env(),
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const listKeys = () => {
  const listed = keysCli('list', '--json');
  expect(listed.code).toBe(0);
  return JSON.parse(listed.stdout) as {
    id: string;
    label: string | null;
    tier: string;
    used_this_month: number;
    revoked_at: string | null;
  }[];
};

/**
 * One call on a connection of its own: between two calls the CLI runs for seconds, long enough for
 * the server to close an idle keep-alive connection just as a pooled client reuses it.
 */
const call = async (server: ServerProcess, key: string, path = '/v1/floor') => {
  const answer = await rawGet(
    `${server.url}${path}`,
    { 'x-api-key': key, connection: 'close' },
    { timeoutMs: 10_000 },
  );
  return { status: answer.status, body: JSON.parse(answer.body.toString('utf8')) };
};

describe('npm start', () => {
  it('runs the server from its bundle (npm run build:server): it listens and answers a keyed call', async () => {
    const build = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const server = await startServerProcess(env(), 30_000, FROM_BUNDLE);
    running.add(server.child);
    const created = keysCli('create', '--tier', 'free', '--json');
    expect(created.code, created.stderr).toBe(0);
    const floor = await call(server, JSON.parse(created.stdout).key);
    expect(floor.status).toBe(200);
    expect(floor.body.meta).toMatchObject({ tier: 'free', remaining: 999 });
    expect(floor.body.data.categories.length).toBeGreaterThan(0);
  });
});

describe('keys CLI', () => {
  it('create prints the key once; list shows ids, labels, tiers and usage but never a key; revoke refuses the key at once, while the server runs', async () => {
    const server = await startServer();
    const created = keysCli('create', '--tier', 'pro', '--label', 'partner A', '--json');
    expect(created.code).toBe(0);
    const made = JSON.parse(created.stdout);
    expect(Object.keys(made).sort()).toEqual(['id', 'key', 'tier']);
    expect(made.key).toMatch(/^slab_live_[0-9a-f]{48}$/);
    expect(made.tier).toBe('pro');
    expect((await call(server, made.key)).status).toBe(200);

    const human = keysCli('create', '--tier', 'free');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/slab_live_[0-9a-f]{48}/);

    const table = keysCli('list');
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(made.id);
    expect(table.stdout).toContain('partner A');
    expect(table.stdout).not.toMatch(/slab_live_/);
    const listed = listKeys().find((row) => row.id === made.id);
    expect(listed).toMatchObject({ label: 'partner A', tier: 'pro', revoked_at: null });
    expect(JSON.stringify(listKeys())).not.toMatch(/slab_live_/);

    const revoked = keysCli('revoke', made.id);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(made.id);
    const refused = await call(server, made.key);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('missing_or_malformed_key');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it.each([
    [[], /Name a command/],
    [['create'], /create needs --tier/],
    [['create', '--tier', 'gold'], /--tier must be one of free, pro, business/],
    [['create', '--tier', 'free', '--label', ''], /--label must be 1 to 100/],
    [['create', '--tier', 'free', '--force'], /Unknown option/],
    [['revoke'], /revoke takes exactly one key id/],
    [['revoke', 'key_doesnotexist'], /No key has the id "key_doesnotexist"/],
    [['delete', 'x'], /Unknown command "delete"/],
  ])('bad arguments %j: a clear message, exit 1, nothing changed', (args, message) => {
    const snapshot = () => JSON.stringify(store.db.prepare('SELECT * FROM api_keys ORDER BY id').all());
    const before = snapshot();
    const run = keysCli(...args);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
    expect(snapshot()).toBe(before);
  });
});

describe('the entry point', () => {
  it('writes a large answer to the socket with its exact length', async () => {
    const made = JSON.parse(keysCli('create', '--tier', 'pro', '--json').stdout);
    const server = await startServer();
    for (let i = 1; i <= 2; i++) {
      const index = await rawGet(`${server.url}/v1/index`, { 'x-api-key': made.key }, { timeoutMs: 5000 });
      expect(index.status).toBe(200);
      expect(index.body.length).toBeGreaterThan(8 * 1024);
      expect(Number(index.headers['content-length'])).toBe(index.body.length);
      const parsed = JSON.parse(index.body.toString('utf8'));
      expect(parsed.meta.remaining).toBe(50_000 - i);
      expect(parsed.data.series.length).toBeGreaterThan(100);
    }
    const floor = await rawGet(`${server.url}/v1/floor`, { 'x-api-key': made.key }, { timeoutMs: 5000 });
    expect(Number(floor.headers['content-length'])).toBe(floor.body.length);
    expect(JSON.parse(floor.body.toString('utf8')).meta.remaining).toBe(50_000 - 3);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe('a CLI piped into a reader that stops early (| head)', () => {
  it('stops quietly: no EPIPE stack, exit 0', async () => {
    for (let i = 0; i < 3; i++)
      expect(keysCli('create', '--tier', 'free', '--label', `pipe ${i}`).code).toBe(0);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/keys.ts', 'list'], {
      cwd: REPO_ROOT,
      env: env(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy(); // the reader is gone before the first line is written
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((done) => child.on('exit', (exit) => done(exit)));
    expect(stderr).not.toMatch(/EPIPE|Error/);
    expect(code).toBe(0);
  });
});

describe('usage across restarts', () => {
  it('SIGTERM: in-flight calls finish, usage is flushed, a restart continues the count exactly', async () => {
    const made = JSON.parse(keysCli('create', '--tier', 'free', '--json').stdout);
    const first = await startServer();
    const answers = await Promise.all(Array.from({ length: 30 }, () => call(first, made.key)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.lines.some((line) => JSON.parse(line).msg === 'stopped')).toBe(true);
    expect(listKeys().find((row) => row.id === made.id)?.used_this_month).toBe(30);

    const second = await startServer();
    expect((await call(second, made.key)).body.meta.remaining).toBe(1000 - 31);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it(`SIGKILL loses at most ${USAGE_FLUSH_EVERY - 1} calls (the documented bound)`, async () => {
    const made = JSON.parse(keysCli('create', '--tier', 'pro', '--json').stdout);
    const server = await startServer();
    const spent = 3 * USAGE_FLUSH_EVERY - 1; // the worst case: a full batch minus one is pending
    for (let i = 0; i < spent; i++) expect((await call(server, made.key)).status).toBe(200);
    server.child.kill('SIGKILL');
    await server.exited;
    const used = listKeys().find((row) => row.id === made.id)?.used_this_month ?? 0;
    expect(used).toBeLessThanOrEqual(spent);
    expect(spent - used).toBeLessThanOrEqual(USAGE_FLUSH_EVERY - 1);

    const restarted = await startServer();
    const after = await call(restarted, made.key);
    expect(after.body.meta.remaining).toBe(50_000 - used - 1);
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  });
});
