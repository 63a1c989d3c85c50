/**
 * `npm run bench -- http`: the HTTP API under load, on the full demo market.
 *
 * - Store: SLAB_BENCH_DB if set, else `.tmp/bench/market.db`; seeded with the full demo market
 *   when empty (a seeded store from an earlier run is reused, so only the first run pays the seed).
 * - Server: the real `src/server/main.ts` on 127.0.0.1 (request logging on, to a file), rate limits
 *   off for the throughput tables. Calls spread over KEY_POOL business keys: one run makes more
 *   than the 1,000,000 calls of one business key.
 * - Start-up: from spawning the process to the first 200 of a keyed /v1/floor (target <= 3 s).
 * - Throughput: autocannon, 50 connections; SLAB_BENCH_ROUNDS rounds (5) of SLAB_BENCH_SECONDS (2 s)
 *   per endpoint. Within a round every endpoint's run sits between two /v1/ping runs, and its ratio
 *   is its requests/s over the mean of those two (the machine is shared: a ping next to each run
 *   cancels drifting load); the tables show medians over the rounds. p50/p99 per endpoint. The same
 *   rounds again with gzip (below).
 * - CPU per call of the server (from /proc) and of this process (autocannon), per endpoint.
 * - Bytes only: the same paths against a bare node:http server that replays the real server's
 *   recorded answers byte for byte and does no work (bytes-only-server.ts), measured the same way
 *   (SLAB_BENCH_CEILING_ROUNDS, 4): what the answers' bytes alone cost here. "Ceiling here" turns
 *   that into the most this server's ratio could be if a call cost it nothing beyond those bytes.
 * - Target (issue 16): every endpoint at 0.9 or more of the bytes-only ceiling, that is its ratio
 *   to ping over its bytes-only ratio ("share of bytes only") >= 0.9, without gzip and with it.
 * - Minimal keyed: the same rounds as bytes only against a bare node:http server that does per call
 *   only what a keyed answer cannot go without, with the server's own parts (key cache, usage meter,
 *   headers, envelope, gzip, log line; minimal-keyed-server.ts): its share of bytes only says how
 *   much of the target the work itself leaves room for, whatever the framework around it. Its meter
 *   writes every 50 calls, as the server's; SLAB_BENCH_MINIMAL_FLUSH_EVERY=Infinity: once a second.
 * - With gzip: the same endpoints again with `Accept-Encoding: gzip`, against the real server and
 *   against the bytes-only server replaying the real server's recorded gzip answers (they differ
 *   from call to call only in `meta`, which does not matter to the bytes).
 * - RSS of the server process, sampled every 100 ms during the throughput load (target <= 400 MB).
 * - Then a second server with the default rate limits (http-abuse.ts):
 *   - no_match flood: p50 of a cached /v1/floor call of a business key, 50 calls/s, quiet and then
 *     while one free key floods no_match questions from 8 connections (no-match-flood.ts, its own
 *     process), for SLAB_BENCH_FLOOD_SECONDS (10) each; target: p50 under flood <= 2 x quiet p50.
 *     Also the flood's answers by status, the server's and the flooder's CPU, and the server time
 *     of each no_match from the request log (issue 16 bounds it to 50 ms).
 *   - distinct ranges: 2,150 distinct `/v1/index?from=&to=` calls (every category, the widest
 *     ranges first) with gzip; RSS right after and after 5 s idle, and the peak (target <= 400 MB).
 *
 * A full run takes about 18 minutes on the 2-core machine (the six throughput measures about 15,
 * the distinct-range run about 2: each of its calls computes a 428 kB index and gzips it); set
 * SLAB_BENCH_ROUNDS=1 SLAB_BENCH_SECONDS=1 SLAB_BENCH_CEILING_ROUNDS=1 to check that it runs
 * (about 5 minutes, figures meaningless; point SLAB_BENCH_OUT elsewhere).
 *
 * Writes its markdown section to SLAB_BENCH_OUT.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { INDEX_START_DATE } from '../../src/contract/params';
import { isMarketEmpty, seedDemoMarket } from '../../src/server/seed/seed-demo-market';
import { openDatabase } from '../../src/server/store/sqlite/database';
import { KeyStore } from '../../src/server/store/sqlite/sqlite-keys';
import { USAGE_FLUSH_EVERY } from '../../src/server/store/sqlite/usage-meter';
import { type AutocannonResult, autocannon } from './autocannon';
import type { RecordedAnswer } from './bytes-only-server';
import {
  distinctRangeMemory,
  distinctRanges,
  expensiveFlood,
  expensiveFloodSection,
  noMatchFlood,
  noMatchServerTimes,
} from './http-abuse';
import { median } from './median';
import { cpuMicros, machineTicks, rssSampler } from './process-stats';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.SLAB_BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.SLAB_BENCH_SECONDS ?? 2);
const CEILING_ROUNDS = Number(process.env.SLAB_BENCH_CEILING_ROUNDS ?? 4);
const FLOOD_SECONDS = Number(process.env.SLAB_BENCH_FLOOD_SECONDS ?? 10);
/** How often the minimal keyed server writes its usage counts (minimal-keyed-server.ts): the server's 50, or `Infinity`. */
const MINIMAL_FLUSH_EVERY = Number(process.env.SLAB_BENCH_MINIMAL_FLUSH_EVERY ?? USAGE_FLUSH_EVERY);
const CONNECTIONS = 50;
const KEY_POOL = 16;
/** Least share of the bytes-only ceiling (issue 16): ratio to ping over the bytes-only ratio. */
const TARGET_SHARE = 0.9;
/** The calls of the distinct-range run, as in the attack of issue 16. */
const DISTINCT_RANGES = 2_150;
/** The recorded gzip answers' names in the answers file (bytes-only-server.ts). */
const GZIP_PREFIX = 'gzip ';
const dbPath = resolve(process.env.SLAB_BENCH_DB ?? join(root, '.tmp', 'bench', 'market.db'));

async function prepareStore(): Promise<{
  keys: string[];
  freeKey: string;
  floodKeys: [string, string];
  queries: string[];
  distinctQueries: string[];
  seededSeconds: number | null;
}> {
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = openDatabase(dbPath);
  let seededSeconds: number | null = null;
  if (isMarketEmpty(db)) {
    console.log(`seeding the full demo market into ${dbPath} ...`);
    const started = performance.now();
    seedDemoMarket(db, { scale: 'full' });
    seededSeconds = (performance.now() - started) / 1000;
  }
  const store = new KeyStore(db);
  const keys = await Promise.all(
    Array.from({ length: KEY_POOL }, async () => (await store.create('business', 'http bench')).key),
  );
  // The no_match flood's attacker: a free key (a new one each run, so its quota is untouched).
  const freeKey = (await store.create('free', 'http bench flood')).key;
  // The ping and expensive floods' attackers (issue 29).
  const floodKeys: [string, string] = [
    (await store.create('free', 'http bench ping flood')).key,
    (await store.create('free', 'http bench expensive flood')).key,
  ];
  // Realistic card queries: two or three title words of the most traded cards.
  const titles = db
    .prepare(
      `SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id
        GROUP BY c.id ORDER BY COUNT(*) DESC LIMIT 40`,
    )
    .pluck()
    .all() as string[];
  // More distinct questions than the response cache holds: every call computes (the uncached row).
  // (Cards with sales in the last 90 days, so that every question has an answer.)
  const manyTitles = db
    .prepare(
      `SELECT c.title FROM cards c
        WHERE EXISTS (SELECT 1 FROM sales s WHERE s.card_id = c.id
                         AND s.sold_at > (SELECT MAX(sold_at) FROM sales) - 90 * 86400000)
        ORDER BY c.id LIMIT 3000`,
    )
    .pluck()
    .all() as string[];
  db.close();
  const lastWords = (title: string, count: number) =>
    title
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1)
      .slice(-count)
      .join(' ');
  const queries = titles.map((title, i) => lastWords(title, 2 + (i % 2)));
  const distinctQueries = [...new Set(manyTitles.map((title) => lastWords(title, 4)))];
  return { keys, freeKey, floodKeys, queries, distinctQueries, seededSeconds };
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

/**
 * Starts the real server and waits for the first 200 of a keyed /v1/floor. `rateLimits`: `off`
 * for the throughput tables (they drive a few keys far past a real client's rate, docs/api.md,
 * "Rate limit"), `default` for the attacks (the limits of decisions.md).
 */
async function startServer(port: number, key: string, logPath: string, rateLimits: 'off' | 'default') {
  const log = openSync(logPath, 'w');
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
      // Empty: the defaults.
      SLAB_RATE_LIMITS: rateLimits === 'off' ? 'off' : '',
    },
  });
  closeSync(log);
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/v1/floor`, { headers: { 'x-api-key': key } });
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 10));
    if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
  }
  return { child, base, startupSeconds: (performance.now() - started) / 1000 };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.on('exit', done));
  child.kill('SIGTERM');
  await exited;
}

interface Endpoint {
  name: string;
  /** Whether the endpoint has the throughput target (false: the reference itself, or shown for information). */
  targeted: boolean;
  requests: { path: string }[];
  /**
   * Send the paths in one rotation shared by all connections (autocannon otherwise walks the list
   * from the start on each connection, so a short run would only ever ask its first questions).
   */
  rotate?: boolean;
  /** Sent without a key. */
  keyless?: boolean;
}

interface Sample {
  rps: number;
  ratio: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Connection errors and timeouts (10 s). */
  failed: number;
  /** CPU µs per call of the server process and of this process (autocannon). */
  serverCpu: number;
  clientCpu: number;
}

type Load = (endpoint: Endpoint, seconds: number) => Promise<AutocannonResult>;

/**
 * Rounds: ping, then each endpoint followed by ping again, so every endpoint's run sits between two
 * ping runs of the same server; its ratio is over their mean. Returns the samples per endpoint name.
 */
async function measure(
  label: string,
  endpoints: Endpoint[],
  load: Load,
  serverPid: number,
  rounds: number,
): Promise<Map<string, Sample[]>> {
  const [ping, ...others] = endpoints as [Endpoint, ...Endpoint[]];
  const samples = new Map<string, Sample[]>(endpoints.map((endpoint) => [endpoint.name, []]));
  const run = async (endpoint: Endpoint) => {
    const serverBefore = cpuMicros(serverPid);
    const clientBefore = process.cpuUsage();
    const result = await load(endpoint, ROUND_SECONDS);
    const client = process.cpuUsage(clientBefore);
    const calls = Math.max(1, result.requests.total);
    return {
      result,
      serverCpu: (cpuMicros(serverPid) - serverBefore) / calls,
      clientCpu: (client.user + client.system) / calls,
    };
  };
  const sample = (measured: Awaited<ReturnType<typeof run>>, reference: number): Sample => ({
    rps: measured.result.requests.average,
    ratio: measured.result.requests.average / reference,
    p50: measured.result.latency.p50,
    p99: measured.result.latency.p99,
    non2xx: measured.result.non2xx,
    failed: measured.result.errors + measured.result.timeouts,
    serverCpu: measured.serverCpu,
    clientCpu: measured.clientCpu,
  });
  for (let round = 1; round <= rounds; round++) {
    console.log(
      `${label}, round ${round}/${rounds}: ${others.length} endpoints x ${ROUND_SECONDS} s, each between two pings`,
    );
    let before = await run(ping);
    samples.get(ping.name)?.push(sample(before, before.result.requests.average));
    for (const endpoint of others) {
      const measured = await run(endpoint);
      const after = await run(ping);
      const reference = (before.result.requests.average + after.result.requests.average) / 2;
      samples.get(endpoint.name)?.push(sample(measured, reference));
      samples.get(ping.name)?.push(sample(after, after.result.requests.average));
      before = after;
    }
  }
  return samples;
}

/** One GET, its answer as sent (fetch would inflate a gzip body): status, headers, body bytes. */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: [string, string][]; body: Buffer }>((done, fail) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const pairs: [string, string][] = [];
        for (let i = 0; i + 1 < raw.length; i += 2)
          pairs.push([(raw[i] as string).toLowerCase(), raw[i + 1] as string]);
        done({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    })
      .on('error', fail)
      .end();
  });

/** Headers of the connection, not of the answer: not recorded, not compared. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Checks that the minimal keyed server (minimal-keyed-server.ts) answers every recorded path, plain
 * and gzip, as the real server did: the same status, the same header names, and the same `data`
 * (the envelope after `meta`, inflated when gzipped). So its figures are those of the same answers.
 */
async function checkMinimalAnswers(base: string, recorded: Record<string, RecordedAnswer>, key: string) {
  const names = (headers: [string, string][]) =>
    headers
      .map(([name]) => name)
      .filter((name) => !CONNECTION_HEADERS.has(name))
      .sort()
      .join(', ');
  const data = (headers: [string, string][], body: Buffer) => {
    const gzipped = headers.some(([name, value]) => name === 'content-encoding' && value === 'gzip');
    return (gzipped ? gunzipSync(body) : body).toString().replace(/^\{"meta":\{[^}]*\}/, '');
  };
  for (const [name, answer] of Object.entries(recorded)) {
    const gzip = name.startsWith(GZIP_PREFIX);
    const path = gzip ? name.slice(GZIP_PREFIX.length) : name;
    const headers: Record<string, string> = { 'accept-encoding': gzip ? 'gzip' : 'identity' };
    if (!path.startsWith('/v1/ping')) headers['x-api-key'] = key;
    const response = await rawGet(`${base}${path}`, headers);
    const same =
      response.status === answer.status &&
      names(response.headers) === names(answer.headers) &&
      (path.startsWith('/v1/ping') ||
        data(response.headers, response.body) === data(answer.headers, Buffer.from(answer.body, 'base64')));
    if (!same) throw new Error(`the minimal keyed server's answer to ${name} is not the real server's`);
  }
}

/**
 * Records the real server's answer (status, headers, body) to the paths of the endpoints (at most
 * 50 each): what the bytes-only server replays, and what the answer sizes are read from. With
 * `gzip`, the answers to `Accept-Encoding: gzip`, named `gzip <path>`.
 */
async function recordAnswers(base: string, endpoints: Endpoint[], key: string, gzip: boolean) {
  const answers: Record<string, RecordedAnswer> = {};
  const skip = CONNECTION_HEADERS;
  for (const endpoint of endpoints) {
    for (const { path } of endpoint.requests.slice(0, 50)) {
      const headers: Record<string, string> = { 'accept-encoding': gzip ? 'gzip' : 'identity' };
      if (!endpoint.keyless) headers['x-api-key'] = key;
      const response = await rawGet(`${base}${path}`, headers);
      const encoding = response.headers.find(([name]) => name === 'content-encoding')?.[1];
      if (!gzip && encoding !== undefined) throw new Error(`${path} came encoded`);
      // (A small answer, such as ping's, is sent as it is even to a gzip client: GZIP_MIN_BYTES.)
      if (gzip && encoding !== undefined && encoding !== 'gzip') throw new Error(`${path} came ${encoding}`);
      answers[`${gzip ? GZIP_PREFIX : ''}${path}`] = {
        status: response.status,
        headers: response.headers.filter(([name]) => !skip.has(name)),
        body: response.body.toString('base64'),
      };
    }
  }
  return answers;
}

/**
 * Starts a reference server of the bench (bytes-only-server.ts, minimal-keyed-server.ts) and waits
 * for its "ready" on stderr; its stdout (the minimal server's request log) goes to `logPath`.
 */
async function startReferenceServer(script: string, args: string[], logPath: string): Promise<ChildProcess> {
  const log = openSync(logPath, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'e2e', 'bench', script), ...args], {
    cwd: root,
    stdio: ['ignore', log, 'pipe'],
  });
  closeSync(log);
  await new Promise<void>((ready, fail) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) ready();
      else process.stderr.write(chunk);
    });
    child.on('exit', (code) => fail(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

const kb = (bytes: number) => (bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`);
const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');

/** The answer sizes of an endpoint's recorded paths, as text ("1.1 kB to 3.0 kB"). */
function sizeText(endpoint: Endpoint, answers: Record<string, RecordedAnswer>, prefix: string): string {
  const lengths = endpoint.requests
    .slice(0, 50)
    .map(({ path }) => Buffer.from((answers[prefix + path] as RecordedAnswer).body, 'base64').length);
  const min = Math.min(...lengths);
  const max = Math.max(...lengths);
  return min === max ? kb(min) : `${kb(min)} to ${kb(max)}`;
}

/**
 * One throughput table: per endpoint the medians over the rounds of the real server, its
 * bytes-only ratio, the ceiling here and the share of the bytes-only ceiling with its target.
 */
function throughputTable(
  endpoints: Endpoint[],
  samples: Map<string, Sample[]>,
  ceiling: Map<string, Sample[]>,
  minimal: Map<string, Sample[]>,
  sizes: (endpoint: Endpoint) => string,
) {
  const rows = endpoints.map((endpoint) => {
    const list = samples.get(endpoint.name) ?? [];
    const bareList = ceiling.get(endpoint.name);
    const ratio = median(list.map((sample) => sample.ratio));
    const bytesOnly = bareList ? median(bareList.map((sample) => sample.ratio)) : null;
    const minimalList = minimal.get(endpoint.name);
    const minimalRatio = minimalList ? median(minimalList.map((sample) => sample.ratio)) : null;
    return {
      endpoint,
      rps: median(list.map((sample) => sample.rps)),
      ratio,
      ratios: list.map((sample) => sample.ratio),
      bytesOnly,
      share: bytesOnly === null ? null : ratio / bytesOnly,
      minimalShare: bytesOnly === null || minimalRatio === null ? null : minimalRatio / bytesOnly,
      serverCpu: median(list.map((sample) => sample.serverCpu)),
      clientCpu: median(list.map((sample) => sample.clientCpu)),
      p50: median(list.map((sample) => sample.p50)),
      p99: median(list.map((sample) => sample.p99)),
      non2xx: list.reduce((sum, sample) => sum + sample.non2xx, 0),
      failed: list.reduce((sum, sample) => sum + sample.failed, 0),
    };
  });
  const pingRow = rows[0] as (typeof rows)[number];
  const barePingRps = median((ceiling.get(pingRow.endpoint.name) ?? []).map((sample) => sample.rps));
  /**
   * The most this server's ratio could be if a call cost it nothing beyond its answer's bytes: the
   * extra time per call the bytes cost the bare server (1/(bare rps) - 1/(bare ping rps)) added to
   * this server's ping time per call (1/(ping rps)).
   */
  const ceilingHere = (bytesOnly: number) => 1 / (1 + (1 / bytesOnly - 1) * (pingRow.rps / barePingRps));
  const lines = [
    '| endpoint | answer size | req/s | ratio to ping | bytes only | ceiling here | share of bytes only | target | met | minimal keyed: share | server µs/call | autocannon µs/call | p50 ms | p99 ms | non-2xx | errors, timeouts |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const { endpoint, rps, ratio, ratios, bytesOnly, share, minimalShare } = row;
      const isPing = endpoint === pingRow.endpoint;
      const each = isPing ? '' : ` (${ratios.map((r) => r.toFixed(2)).join(', ')})`;
      const cells = [
        `\`${endpoint.name}\``,
        sizes(endpoint),
        String(Math.round(rps)),
        `${ratio.toFixed(2)}${each}`,
        bytesOnly === null ? '' : bytesOnly.toFixed(2),
        bytesOnly === null || isPing ? '' : ceilingHere(bytesOnly).toFixed(2),
        share === null || isPing ? '' : share.toFixed(2),
        endpoint.targeted ? `>= ${TARGET_SHARE}` : '',
        endpoint.targeted && share !== null ? verdict(share >= TARGET_SHARE) : '',
        minimalShare === null || isPing ? '' : minimalShare.toFixed(2),
        row.serverCpu.toFixed(1),
        row.clientCpu.toFixed(1),
        String(row.p50),
        String(row.p99),
        String(row.non2xx),
        String(row.failed),
      ];
      return `| ${cells.join(' | ')} |`;
    }),
  ];
  const bare = ceiling.get(pingRow.endpoint.name) ?? [];
  const minimalPing = minimal.get(pingRow.endpoint.name) ?? [];
  /** The range of the targeted endpoints' median server CPU a call. */
  const cachedCpu = (from: Map<string, Sample[]>) => {
    const cpu = endpoints
      .filter((endpoint) => endpoint.targeted)
      .map((endpoint) => median((from.get(endpoint.name) ?? []).map((sample) => sample.serverCpu)));
    return `${Math.min(...cpu).toFixed(1)} to ${Math.max(...cpu).toFixed(1)}`;
  };
  const barePing =
    `The bytes-only server's ping: ${Math.round(barePingRps)} requests/s, ` +
    `${median(bare.map((s) => s.serverCpu)).toFixed(1)} µs of server and ${median(bare.map((s) => s.clientCpu)).toFixed(1)} µs of autocannon CPU a call. ` +
    `The minimal keyed server's ping: ${Math.round(median(minimalPing.map((s) => s.rps)))} requests/s, ${median(minimalPing.map((s) => s.serverCpu)).toFixed(1)} µs of server CPU a call; ` +
    `its keyed calls: ${cachedCpu(minimal)} µs of server CPU a call (this server: ${cachedCpu(samples)}).`;
  return { lines, barePing, rows };
}

/**
 * SLAB_BENCH_ONLY=abuse: only issue 29's flood (a server with the default limits, the expensive
 * question against a ping flood), for a quick figure on a shared machine.
 */
async function abuseOnly(): Promise<void> {
  const { keys, floodKeys } = await prepareStore();
  const key = keys[0] as string;
  const port = await freePort();
  const limited = await startServer(
    port,
    key,
    join(dirname(dbPath), 'http-bench-abuse-server.log'),
    'default',
  );
  try {
    const result = await expensiveFlood({
      base: limited.base,
      serverPid: limited.child.pid as number,
      businessKey: key,
      freeKeys: floodKeys,
      rate: 50,
      seconds: FLOOD_SECONDS,
      connections: 32,
      leadSeconds: 2,
    });
    const markdown = [
      ...expensiveFloodSection(result),
      '',
      `Load average after: ${loadavg()[0]?.toFixed(1)} (${cpus().length} cores, shared).`,
    ].join('\n');
    console.log(markdown);
    const out = process.env.SLAB_BENCH_OUT;
    if (out) writeFileSync(out, `${markdown}\n`);
  } finally {
    await stopProcess(limited.child);
  }
}

async function main() {
  if (process.env.SLAB_BENCH_ONLY === 'abuse') return abuseOnly();
  const loadBefore = loadavg()[0]?.toFixed(1);
  const { keys, freeKey, floodKeys, queries, distinctQueries, seededSeconds } = await prepareStore();
  const key = keys[0] as string;
  const port = await freePort();
  const logPath = join(dirname(dbPath), 'http-bench-server.log');
  const server = await startServer(port, key, logPath, 'off');
  const pid = server.child.pid as number;
  const sampler = rssSampler(pid);

  const q = (path: string) => queries.map((query) => ({ path: `${path}?q=${encodeURIComponent(query)}` }));
  const ping: Endpoint = {
    name: '/v1/ping',
    targeted: false,
    requests: [{ path: '/v1/ping' }],
    keyless: true,
  };
  const cached: Endpoint[] = [
    {
      name: '/v1/categories',
      targeted: true,
      requests: [{ path: '/v1/categories' }, { path: '/v1/categories?category=pokemon' }],
    },
    { name: '/v1/floor', targeted: true, requests: [{ path: '/v1/floor' }] },
    {
      name: '/v1/index',
      targeted: true,
      requests: [
        { path: '/v1/index?category=pokemon' },
        { path: '/v1/index?category=basketball&from=2026-09-01' },
      ],
    },
    // The dashboard's call for two or more categories (419 kB): no target, shown for its CPU per call.
    { name: '/v1/index, every category', targeted: false, requests: [{ path: '/v1/index' }] },
    {
      name: '/v1/movers',
      targeted: true,
      requests: [{ path: '/v1/movers' }, { path: '/v1/movers?category=baseball&limit=10' }],
    },
    { name: '/v1/sold', targeted: true, requests: q('/v1/sold') },
    { name: '/v1/value', targeted: true, requests: q('/v1/value') },
    { name: '/v3/value', targeted: true, requests: q('/v3/value') },
  ];
  const uncached: Endpoint = {
    name: '/v3/value, uncached',
    targeted: false,
    requests: distinctQueries.map((query) => ({ path: `/v3/value?q=${encodeURIComponent(query)}` })),
    rotate: true,
  };
  const endpoints: Endpoint[] = [ping, ...cached, uncached];
  const gzipEndpoints: Endpoint[] = [ping, ...cached];

  const loadOn =
    (base: string, gzip: boolean): Load =>
    (endpoint, duration) => {
      const encoding: Record<string, string> = gzip ? { 'accept-encoding': 'gzip' } : {};
      if (endpoint.rotate) {
        let next = 0;
        return autocannon({
          url: base,
          connections: CONNECTIONS,
          duration,
          requests: [
            {
              path: '/',
              setupRequest: (request) => {
                const i = next++;
                const path = (endpoint.requests[i % endpoint.requests.length] as { path: string }).path;
                return {
                  ...request,
                  path,
                  headers: { ...request.headers, ...encoding, 'x-api-key': keys[i % KEY_POOL] as string },
                };
              },
            },
          ],
        });
      }
      return autocannon({
        url: base,
        connections: CONNECTIONS,
        duration,
        // Request i carries key i % KEY_POOL (paths repeat to reach every key).
        requests: Array.from({ length: Math.max(endpoint.requests.length, KEY_POOL) }, (_, i) => ({
          path: (endpoint.requests[i % endpoint.requests.length] as { path: string }).path,
          headers: {
            ...encoding,
            ...(endpoint.keyless ? {} : { 'x-api-key': keys[i % KEY_POOL] as string }),
          },
        })),
      });
    };
  const load = loadOn(server.base, false);
  const gzipLoad = loadOn(server.base, true);

  // The real answers, before any load: their sizes go in the tables; the bytes-only server replays them.
  const answers = {
    ...(await recordAnswers(server.base, endpoints, key, false)),
    ...(await recordAnswers(server.base, gzipEndpoints, key, true)),
  };
  // The as-of of the store: the last date of the distinct-range run.
  const floor = (await (
    await fetch(`${server.base}/v1/floor`, { headers: { 'x-api-key': key } })
  ).json()) as {
    data: { as_of: string };
  };

  // Warm-up: JIT, page cache, and the response cache of the rotating queries.
  for (const endpoint of endpoints) await load(endpoint, 1);
  for (const endpoint of gzipEndpoints) await gzipLoad(endpoint, 1);
  const ticksBefore = machineTicks();
  const samples = await measure('real server', endpoints, load, pid, ROUNDS);
  const gzipSamples = await measure('real server, gzip', gzipEndpoints, gzipLoad, pid, ROUNDS);
  const ticksAfter = machineTicks();
  const stolenPercent =
    (100 * (ticksAfter.steal - ticksBefore.steal)) / Math.max(1, ticksAfter.total - ticksBefore.total);
  const peakRss = sampler.stop();
  await stopProcess(server.child);

  // Bytes only: the real answers, replayed by a server that does nothing else.
  const answersPath = join(dirname(dbPath), 'http-bench-answers.json');
  writeFileSync(answersPath, JSON.stringify(answers));
  /**
   * A reference server's rounds, as the real server's (warmed up first), without gzip and with it.
   * `check` runs once it listens, before any load.
   */
  const measureReference = async (
    label: string,
    script: string,
    args: (port: number) => string[],
    check: (base: string) => Promise<void> = async () => {},
  ) => {
    const port = await freePort();
    const child = await startReferenceServer(
      script,
      args(port),
      join(dirname(dbPath), `http-bench-${script.replace(/\.ts$/, '')}.log`),
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await check(base);
      const plainLoad = loadOn(base, false);
      const gzipLoadHere = loadOn(base, true);
      for (const endpoint of [ping, ...cached]) await plainLoad(endpoint, 1);
      for (const endpoint of gzipEndpoints) await gzipLoadHere(endpoint, 1);
      const pid = child.pid as number;
      const plain = await measure(label, [ping, ...cached], plainLoad, pid, CEILING_ROUNDS);
      const gzip = await measure(`${label}, gzip`, gzipEndpoints, gzipLoadHere, pid, CEILING_ROUNDS);
      return { plain, gzip };
    } finally {
      await stopProcess(child);
    }
  };
  const { plain: ceiling, gzip: gzipCeiling } = await measureReference(
    'bytes only',
    'bytes-only-server.ts',
    (port) => [answersPath, String(port)],
  );
  // Minimal keyed: the work a keyed call cannot go without, on a bare node:http server.
  const { plain: minimalSamples, gzip: minimalGzipSamples } = await measureReference(
    'minimal keyed',
    'minimal-keyed-server.ts',
    (port) => [answersPath, String(port), dbPath, String(MINIMAL_FLUSH_EVERY)],
    (base) => checkMinimalAnswers(base, answers, key),
  );

  // The attacks, on a server with the default rate limits.
  const limitedPort = await freePort();
  const limitedLog = join(dirname(dbPath), 'http-bench-limited-server.log');
  const limited = await startServer(limitedPort, key, limitedLog, 'default');
  const limitedPid = limited.child.pid as number;
  console.log(`no_match flood: ${FLOOD_SECONDS} s quiet, then ${FLOOD_SECONDS} s under the flood`);
  const flood = await noMatchFlood({
    base: limited.base,
    serverPid: limitedPid,
    businessKey: key,
    freeKey,
    rate: 50,
    seconds: FLOOD_SECONDS,
    connections: 8,
    leadSeconds: 2,
  });
  console.log(`distinct ranges: ${DISTINCT_RANGES} calls of /v1/index?from=&to= with gzip`);
  const ranges = await distinctRangeMemory({
    base: limited.base,
    serverPid: limitedPid,
    keys,
    paths: distinctRanges(INDEX_START_DATE, floor.data.as_of, DISTINCT_RANGES),
    connections: 8,
    idleSeconds: 5,
  });
  console.log(`expensive flood: ${FLOOD_SECONDS} s quiet, under a ping flood, under the expensive flood`);
  const expensive = await expensiveFlood({
    base: limited.base,
    serverPid: limitedPid,
    businessKey: key,
    freeKeys: floodKeys,
    rate: 50,
    seconds: FLOOD_SECONDS,
    connections: 32,
    leadSeconds: 2,
  });
  await stopProcess(limited.child);
  const noMatchTimes = noMatchServerTimes(limitedLog);

  const plain = throughputTable(endpoints, samples, ceiling, minimalSamples, (endpoint) =>
    sizeText(endpoint, answers, ''),
  );
  const gzipped = throughputTable(gzipEndpoints, gzipSamples, gzipCeiling, minimalGzipSamples, (endpoint) =>
    sizeText(endpoint, answers, GZIP_PREFIX),
  );
  const floodRatio = flood.flood.p50 / Math.max(1e-9, flood.quiet.p50);
  const floodStatus = (status: number) => flood.floodStatuses[String(status)] ?? 0;
  const floodOther =
    flood.floodTotal - floodStatus(200) - floodStatus(404) - floodStatus(429) + flood.floodErrors;
  const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
  const lines = [
    '## HTTP API (`e2e/bench/http.bench.ts`)',
    '',
    `Full demo market in \`${dbPath.replace(`${root}/`, '')}\`${seededSeconds === null ? ' (reused from an earlier run)' : ` (seeded in ${seededSeconds.toFixed(1)} s)`}. ` +
      `Real server (\`src/server/main.ts\`, request log on, rate limits off) on 127.0.0.1, ${KEY_POOL} business keys; autocannon, ${CONNECTIONS} connections. ` +
      `${ROUNDS} rounds; in each, every endpoint runs ${ROUND_SECONDS} s between two ${ROUND_SECONDS} s \`/v1/ping\` runs, and its ratio is its requests/s over the mean of those two pings; ` +
      'the tables show medians over the rounds (ratios of each round in brackets). ' +
      'Card queries rotate over the 40 most traded cards, so after their first call they come from the response cache ' +
      `(docs/api.md); the uncached row asks ${distinctQueries.length} distinct questions in one rotation shared by all connections, more than the cache keeps, so every call computes. ` +
      `**Bytes only** is the same measure (${CEILING_ROUNDS} rounds) against a bare node:http server that replays the real server's recorded answers, headers and body byte for byte (each body kept as bytes, written with its headers in one write), and does nothing else (\`e2e/bench/bytes-only-server.ts\`): ` +
      "what the answers' bytes alone cost on this machine with this client, against a ping that costs next to nothing. " +
      '**Ceiling here** turns that into the most this server could reach, given its own ping: ' +
      '1 / (1 + (1 / bytes-only - 1) x ping req/s of this server / ping req/s of the bare server), ' +
      "that is, the time per call the extra bytes cost the bare server added to this server's ping time per call. " +
      `**Share of bytes only** is the ratio to ping over the bytes-only ratio; the target (issue 16) is ${TARGET_SHARE} or more for every endpoint, without gzip and with it ` +
      '(the 419 kB row and the uncached row are shown for information). ' +
      `**Minimal keyed: share** is the same share (${CEILING_ROUNDS} rounds) for a bare node:http server that does per call only what a keyed answer cannot go without, with this server's own parts: ` +
      `a request id, the headers of every answer and the request log line (to a file) on every call; on a keyed path the key through the key cache, one call spent on the usage meter (${MINIMAL_FLUSH_EVERY === Number.POSITIVE_INFINITY ? 'its counts written to the store once a second only, not every 50 calls as the server writes them (SLAB_BENCH_MINIMAL_FLUSH_EVERY=Infinity)' : `its counts written to the store every ${MINIMAL_FLUSH_EVERY} calls and once a second`}), ` +
      "the rate-limit and caching headers, the envelope's head before the recorded data, gzipped behind it when asked; no router, framework, parameter check, answer cache lookup or 304 check " +
      '(`e2e/bench/minimal-keyed-server.ts`): how near the target the work itself can come, whatever is around it. ' +
      'CPU per call: of the server process (from /proc) and of the bench process, where autocannon runs.',
    '',
    `Load average of the machine (${cpus().length} cores, shared with other work): ${loadBefore} before the run, ` +
      `${loadavg()[0]?.toFixed(1)} after; CPU time taken by the hypervisor from this machine during the real server's load: ${stolenPercent.toFixed(1)} %. ` +
      'A figure far from its target on a loaded machine says little.',
    '',
    '### Without gzip (no Accept-Encoding: answers uncompressed)',
    '',
    ...plain.lines,
    '',
    plain.barePing,
    '',
    '### With gzip (`Accept-Encoding: gzip`, as real clients send)',
    '',
    'The same endpoints and rounds with `Accept-Encoding: gzip`; answer sizes as sent (answers under 1 kB, such as ping, go uncompressed). ' +
      "The bytes-only server replays the real server's gzip answers, recorded with that header (they differ from call to call only in `meta`).",
    '',
    ...gzipped.lines,
    '',
    gzipped.barePing,
    '',
    '### Rate limits on: the no_match flood and the distinct-range run',
    '',
    `A second server with the default rate limits (free 20/s in bursts of 100, business 200/1,000). **No_match flood**: a business key calls the cached \`/v1/floor\` ${flood.rate} times a second (open loop, each call timed from its due time) for ${flood.seconds} s quiet, ` +
      `then again while one free key floods broad no_match questions (\`/v1/value?q=topps&min_price=9000000+n\`, n new on every call, so nothing comes from a cache) from ${flood.connections} connections as fast as they are answered (\`e2e/bench/no-match-flood.ts\`, in its own process); ` +
      `the flood starts ${flood.leadSeconds} s before the timed calls, so the free key's burst is spent, and runs ${flood.seconds + flood.leadSeconds + 1} s in all. ` +
      `Flood answers: ${floodStatus(200)} 200, ${floodStatus(404)} 404, ${floodStatus(429)} 429, ${floodOther} other or failed (${flood.floodTotal} in all). ` +
      `Server time of a no_match (the request log's \`ms\`, ${noMatchTimes.count} answers): p50 ${ms(noMatchTimes.p50)} ms, p99 ${ms(noMatchTimes.p99)} ms, most ${ms(noMatchTimes.max)} ms. ` +
      `Server CPU: ${flood.quiet.serverCpuPercent.toFixed(0)} % of a core quiet, ${flood.flood.serverCpuPercent.toFixed(0)} % under the flood (the flooding process: ${flood.flooderCpuPercent.toFixed(0)} %, on the same ${cpus().length} cores). ` +
      `Floor calls not 200: ${flood.quiet.non200} quiet, ${flood.flood.non200} under the flood. ` +
      `**Distinct ranges**: ${ranges.calls} distinct \`/v1/index?from=&to=\` calls (every category, the widest ranges first: \`${ranges.first}\` to \`${ranges.last}\`), \`Accept-Encoding: gzip\`, ${ranges.connections} connections, over the business keys in turn: ` +
      `${ranges.seconds.toFixed(1)} s, ${ranges.statuses.ok} answered 200 and ${ranges.statuses.other} otherwise. RSS of the server ${Math.round(ranges.rssBefore)} MB before, peak ${Math.round(ranges.rssPeak)} MB (sampled every 100 ms), ` +
      `${Math.round(ranges.rssAfter)} MB right after, ${Math.round(ranges.rssIdle)} MB after ${ranges.idleSeconds} s idle.`,
    '',
    '| measure | value | target | met |',
    '|---|---:|---:|---|',
    `| start-up on the seeded store to the first 200 | ${server.startupSeconds.toFixed(2)} s | <= 3 s | ${verdict(server.startupSeconds <= 3)} |`,
    `| peak RSS of the server under the throughput load | ${Math.round(peakRss)} MB | <= 400 MB | ${verdict(peakRss <= 400)} |`,
    `| no_match flood: cached \`/v1/floor\` p50, quiet | ${ms(flood.quiet.p50)} ms (p99 ${ms(flood.quiet.p99)}) |  |  |`,
    `| no_match flood: the same under the flood | ${ms(flood.flood.p50)} ms (p99 ${ms(flood.flood.p99)}) |  |  |`,
    `| no_match flood: p50 under flood / quiet p50 | ${floodRatio.toFixed(2)} | <= 2 | ${verdict(floodRatio <= 2)} |`,
    `| RSS after the distinct-range run, right after | ${Math.round(ranges.rssAfter)} MB | <= 400 MB | ${verdict(ranges.rssAfter <= 400)} |`,
    `| RSS after the distinct-range run, after ${ranges.idleSeconds} s idle | ${Math.round(ranges.rssIdle)} MB | <= 400 MB | ${verdict(ranges.rssIdle <= 400)} |`,
    `| RSS during the distinct-range run, peak | ${Math.round(ranges.rssPeak)} MB | <= 400 MB | ${verdict(ranges.rssPeak <= 400)} |`,
    '',
  ];
  lines.push('', ...expensiveFloodSection(expensive));
  const markdown = lines.join('\n');
  console.log(markdown);
  const out = process.env.SLAB_BENCH_OUT;
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${markdown}\n`);
  }
  const references = [ceiling, gzipCeiling, minimalSamples, minimalGzipSamples];
  const referenceNon2xx = references.some((samples) =>
    [...samples.values()].some((list) => list.some((sample) => sample.non2xx > 0)),
  );
  if (referenceNon2xx) {
    console.error('a reference server (bytes only, minimal keyed) answered other than 2xx');
    process.exitCode = 1;
  }
  if ([...plain.rows, ...gzipped.rows].some((row) => row.non2xx > 0)) {
    console.error('some answers were not 2xx: see the tables');
    process.exitCode = 1;
  }
  if (flood.quiet.non200 + flood.flood.non200 > 0 || ranges.statuses.other > 0) {
    console.error('some floor calls or distinct-range calls were not 200: see the last section');
    process.exitCode = 1;
  }
}

await main();
