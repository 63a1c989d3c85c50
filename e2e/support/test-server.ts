import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, seedStore } from './slab-cli';

/**
 * The real server (`src/server/main.ts`) on a freshly seeded small store in a temporary SLAB_DB,
 * serving the built dashboard (dist/web) on 127.0.0.1:<port>. Demo mode is on, so the store gets
 * its demo key at start (keys made afterwards with the keys command are separate).
 */
export interface TestServer {
  baseUrl: string;
  dbPath: string;
  stop: () => Promise<void>;
}

export async function startTestServer(port: number, scale: 'small' | 'full' = 'small'): Promise<TestServer> {
  // SLAB_E2E_WEB_DIST: another build directory, so a run can test its own build while someone else
  // rebuilds dist/web (`npx vite build --outDir dist/web-mine`).
  const webDist = process.env.SLAB_E2E_WEB_DIST ?? join(REPO_ROOT, 'dist', 'web');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build:web\` first (npm run test:e2e does).`);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  if (await answersPing(baseUrl)) {
    // Another server (a leftover run?) would answer in place of ours, on another store.
    throw new Error(`Port ${port} is already serving an API; stop that process or set another port.`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'slab-e2e-'));
  const dbPath = join(dir, 'market.db');
  seedStore(dbPath, scale);

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      SLAB_DB: dbPath,
      PORT: String(port),
      HOST: '127.0.0.1',
      SLAB_AUTO_SEED: '0',
      SLAB_DEMO: '1',
      // The free tier's rate (20/s) would make spending a free key's 1,000 calls take 50 s of the
      // suite; the limiter itself is tested in src/server/http/rate-limit.test.ts.
      SLAB_RATE_LIMITS: 'free=1000/1000',
      // Every page of the suite comes from one address, far faster than a visitor; the keyless
      // limit itself is tested in src/server/http/keyless-limit.test.ts.
      SLAB_KEYLESS_LIMIT: '1000/1000',
      SLAB_WEB_DIST: webDist,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  await waitForPing(baseUrl, child, () => stderr);
  return {
    baseUrl,
    dbPath,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPing(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}): ${stderr()}`);
    if (await answersPing(baseUrl)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer /v1/ping within 60 s: ${stderr()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function answersPing(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/v1/ping`)).ok;
  } catch {
    return false; // nothing listening (yet)
  }
}
