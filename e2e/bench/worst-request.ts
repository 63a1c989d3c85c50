/**
 * The worst single request (issue 29, item 7): the most expensive questions found, each asked of
 * the real server (`src/server/main.ts`) as the first call after a start (cold), and then again
 * on one started server (warm: each question `WARM_CALLS` times, q written differently each time
 * (trailing spaces) so that the response cache does not answer it). Server time is the request
 * log's `ms`. Target: <= 50 ms, cold and warm. Used by cards.bench.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtServerArgs } from './built-server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WARM_CALLS = 5;

/** Twelve broad words no title holds together (issue 29's flood): a no_match that tries many suggestions. */
export const TWELVE_WORDS = 'topps pokemon 2025 panini 2026 2024 chrome rc donruss prizm 2023 holo';
const BAND = 'min_price=0.01&max_price=99999699';

/** The questions: paths without the key, q last (the warm calls add spaces to it). */
export function worstQuestions(): string[] {
  const words = ['topps', 'pokemon', '2024', TWELVE_WORDS];
  const q = (word: string) => `q=${encodeURIComponent(word)}`;
  return [
    ...words.flatMap((word) => [`/v1/value?${q(word)}`, `/v1/value?${BAND}&${q(word)}`]),
    ...words.flatMap((word) => [`/v3/value?${q(word)}`, `/v3/value?${BAND}&${q(word)}`]),
    ...words.map((word) => `/v1/history?interval=week&${q(word)}`),
    ...words.map((word) => `/v1/sold?days=365&${q(word)}`),
    ...words.map((word) => `/v1/cards?limit=100&${q(word)}`),
  ];
}

export interface WorstRow {
  path: string;
  status: number;
  coldMs: number;
  warmMs: number[];
}

export interface WorstResult {
  rows: WorstRow[];
  /** Seconds from spawning the server to its first answer to /v1/ping, per start. */
  startSeconds: number[];
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

interface Server {
  child: ChildProcess;
  base: string;
  logPath: string;
  startSeconds: number;
}

async function start(dbPath: string, logPath: string): Promise<Server> {
  const port = await freePort();
  const log = openSync(logPath, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, builtServerArgs(root), {
    cwd: root,
    stdio: ['ignore', log, 'ignore'],
    env: {
      ...process.env,
      SLAB_DB: dbPath,
      PORT: String(port),
      HOST: '127.0.0.1',
      SLAB_AUTO_SEED: '0',
      SLAB_DEMO: '0',
      LOG_LEVEL: 'info',
      SLAB_RATE_LIMITS: 'off',
    },
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/v1/ping`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 10));
    if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
  }
  return { child, base, logPath, startSeconds: (performance.now() - started) / 1000 };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.on('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** Asks `path` with a request id; its status, and its server time from the request log. */
async function ask(
  server: Server,
  path: string,
  key: string,
  id: string,
): Promise<{ status: number; ms: number }> {
  const response = await fetch(`${server.base}${path}`, {
    headers: { 'x-api-key': key, 'x-request-id': id },
  });
  await response.arrayBuffer();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    for (const line of readFileSync(server.logPath, 'utf8').split('\n')) {
      if (!line.includes(`"${id}"`)) continue;
      const entry = JSON.parse(line) as { msg?: string; ms?: number; request_id?: string };
      if (entry.request_id === id && typeof entry.ms === 'number')
        return { status: response.status, ms: entry.ms };
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`no log line for request ${id}`);
}

export async function worstRequests(options: {
  dbPath: string;
  key: string;
  questions: string[];
  logDir: string;
}): Promise<WorstResult> {
  const { dbPath, key, questions, logDir } = options;
  const logPath = join(logDir, 'worst-request-server.log');
  const rows: WorstRow[] = [];
  const startSeconds: number[] = [];
  for (const [i, path] of questions.entries()) {
    const server = await start(dbPath, logPath);
    startSeconds.push(server.startSeconds);
    try {
      const { status, ms } = await ask(server, path, key, `cold-${i}`);
      rows.push({ path, status, coldMs: ms, warmMs: [] });
    } finally {
      await stop(server.child);
    }
  }
  const server = await start(dbPath, logPath);
  startSeconds.push(server.startSeconds);
  try {
    for (const [i, path] of questions.entries()) await ask(server, path, key, `first-${i}`);
    for (let call = 1; call <= WARM_CALLS; call += 1) {
      for (const [i, row] of rows.entries()) {
        const { ms } = await ask(server, `${row.path}${'+'.repeat(call)}`, key, `warm-${i}-${call}`);
        row.warmMs.push(ms);
      }
    }
  } finally {
    await stop(server.child);
  }
  return { rows, startSeconds };
}
