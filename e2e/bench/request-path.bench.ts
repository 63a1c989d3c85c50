/**
 * `npm run bench -- request-path`: the project files that run for one keyed GET /v3/value, answered
 * from the response cache and computed (a question not asked before), in the real server
 * (`src/server/main.ts` under tsx) on the small demo market, read from V8's precise coverage
 * (coverage-probe.mjs): the functions called between just before the request and its answer.
 * Timers of the server (health watch, keep-warm) may run in that window: a file counts only when
 * it ran in every one of ROUNDS requests. Targets: at most 8 files cached, at most 12 outside
 * `src/server/analytics/` computed. SLAB_BENCH_CHECKOUT runs another checkout's server (its
 * node_modules a link to this one's). Writes its markdown section to SLAB_BENCH_OUT.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoMarket } from '../../src/server/seed/seed-demo-market';
import { openDatabase } from '../../src/server/store/sqlite/database';
import { KeyStore } from '../../src/server/store/sqlite/sqlite-keys';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const checkout = resolve(process.env.SLAB_BENCH_CHECKOUT ?? root);
const ROUNDS = 3;
const CACHED_TARGET = 8;
const COMPUTED_TARGET = 12;

const dir = mkdtempSync(join(tmpdir(), 'slab-request-path-'));
const dbPath = join(dir, 'market.db');
const db = openDatabase(dbPath);
seedDemoMarket(db, { scale: 'small', asOf: '2026-11-15', seed: 20260529 });
const key = (await new KeyStore(db).create('business', 'request-path bench')).key;
/** Questions with an answer: the last two title words of the most traded cards. */
const questions = (
  db
    .prepare(
      'SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 60',
    )
    .pluck()
    .all() as string[]
).map((title) =>
  encodeURIComponent(
    title
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(-2)
      .join(' '),
  ),
);
db.close();

/** A port no one listens on now. */
const PORT = await new Promise<number>((done) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
  });
});

const server: ChildProcess = spawn(
  process.execPath,
  ['--import', 'tsx', '--import', join(here, 'coverage-probe.mjs'), 'src/server/main.ts'],
  {
    cwd: checkout,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      SLAB_COVERAGE_ROOT: checkout,
      SLAB_DB: dbPath,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      SLAB_AUTO_SEED: '0',
      SLAB_DEMO: '0',
      LOG_LEVEL: 'info',
      SLAB_INTEGRITY_CHECK_SECONDS: '0',
    },
  },
);

const base = `http://127.0.0.1:${PORT}`;
const get = (path: string) =>
  fetch(`${base}${path}`, { headers: { 'x-api-key': key, 'accept-encoding': 'gzip' } });
const take = () =>
  new Promise<string[]>((done, fail) => {
    const exited = () => fail(new Error(`the server exited with ${server.exitCode}`));
    server.once('exit', exited);
    server.once('message', (message: { called: string[] }) => {
      server.off('exit', exited);
      done(message.called);
    });
    server.send('take');
  });

try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ready = await get('/v1/floor').then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  // Warm-up: the code of both paths runs often enough to be compiled, as on a server in use.
  for (const q of questions.slice(ROUNDS)) await get(`/v3/value?q=${q}`);
  // The practice questions left after listening run once the server is idle: let them finish.
  await new Promise((done) => setTimeout(done, 2_500));

  /** The functions called during one request, and the status it answered. */
  const measure = async (path: string) => {
    await take();
    const response = await get(path);
    await response.arrayBuffer();
    return { status: response.status, called: await take() };
  };
  const cached: string[][] = [];
  const computed: string[][] = [];
  await get('/v3/value?q=charizard&grade=psa10');
  for (let round = 0; round < ROUNDS; round += 1) {
    const hit = await measure('/v3/value?q=charizard&grade=psa10');
    if (hit.status !== 200) throw new Error(`cached /v3/value answered ${hit.status}`);
    cached.push(hit.called);
    // A question not asked before: the answer is computed.
    const miss = await measure(`/v3/value?q=${questions[round]}`);
    if (miss.status !== 200) throw new Error(`computed /v3/value answered ${miss.status}`);
    computed.push(miss.called);
  }
  const filesOf = (called: string[]) => new Set(called.map((entry) => entry.slice(0, entry.indexOf(' '))));
  const inEvery = (runs: string[][]) => {
    const [first, ...rest] = runs.map(filesOf);
    return [...(first ?? [])].filter((file) => rest.every((files) => files.has(file))).sort();
  };
  const functionsOf = (runs: string[][], files: string[]) =>
    Math.min(
      ...runs.map((called) => called.filter((entry) => files.some((f) => entry.startsWith(`${f} `))).length),
    );
  const cachedFiles = inEvery(cached);
  const computedFiles = inEvery(computed);
  const outside = computedFiles.filter((file) => !file.startsWith('src/server/analytics/'));
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  const list = (files: string[]) => files.map((file) => `- \`${file}\``).join('\n');
  const section = [
    '## Request path (`npm run bench -- request-path`)',
    '',
    `The project files that run for one keyed \`GET /v3/value?q=...&grade=psa10\` in the real server (\`src/server/main.ts\` under tsx, small demo market, after a warm-up), from V8's precise coverage: the functions called between just before the request and its answer, a file counted when it ran in each of ${ROUNDS} requests. Load average ${load}.`,
    '',
    '| answer | files | outside `analytics/` | functions | target |',
    '| --- | --- | --- | --- | --- |',
    `| from the response cache | ${cachedFiles.length} | ${cachedFiles.filter((f) => !f.startsWith('src/server/analytics/')).length} | ${functionsOf(cached, cachedFiles)} | <= ${CACHED_TARGET} files: ${cachedFiles.length <= CACHED_TARGET ? 'met' : 'not met'} |`,
    `| computed (a question not asked before) | ${computedFiles.length} | ${outside.length} | ${functionsOf(computed, computedFiles)} | <= ${COMPUTED_TARGET} outside analytics/: ${outside.length <= COMPUTED_TARGET ? 'met' : 'not met'} |`,
    '',
    'From the cache:',
    '',
    list(cachedFiles),
    '',
    'Computed:',
    '',
    list(computedFiles),
    '',
  ].join('\n');
  console.log(section);
  if (process.env.SLAB_BENCH_OUT) writeFileSync(process.env.SLAB_BENCH_OUT, section);
} finally {
  server.kill('SIGTERM');
  await new Promise((done) => server.once('exit', done));
  rmSync(dir, { recursive: true, force: true });
}
