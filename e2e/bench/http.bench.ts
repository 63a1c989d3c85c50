/**
 * `npm run bench -- http`: the HTTP API under load, on the full demo market.
 *
 * - Store: SLAB_BENCH_DB if set, else `.tmp/bench/market.db`; seeded with the full demo market
 *   when empty (a seeded store from an earlier run is reused, so only the first run pays the seed).
 * - Server: the real `src/server/main.ts` on 127.0.0.1 (request logging on, to a file). Calls spread
 *   over KEY_POOL business keys: one run makes more than the 1,000,000 calls of one business key.
 * - Start-up: from spawning the process to the first 200 of a keyed /v1/floor (target <= 3 s).
 * - Throughput: autocannon, 50 connections; SLAB_BENCH_ROUNDS rounds (8) of SLAB_BENCH_SECONDS (2 s)
 *   per endpoint. Within a round every endpoint's run sits between two /v1/ping runs, and its ratio
 *   is its requests/s over the mean of those two (the machine is shared: a ping next to each run
 *   cancels drifting load); the table shows medians over the rounds. Targets: >= 0.8 for
 *   categories, floor, index, movers; >= 0.5 for sold, value, v3 value. p99 per endpoint.
 * - CPU per call of the server (from /proc) and of this process (autocannon), per endpoint.
 * - Bytes only: the same paths against a bare node:http server that replays the real server's
 *   recorded answers byte for byte and does no work (bytes-only-server.ts), measured the same way
 *   (SLAB_BENCH_CEILING_ROUNDS, 4): what the answers' bytes alone cost here. "Ceiling here" turns
 *   that into the most this server's ratio could be if a call cost it nothing beyond those bytes.
 * - RSS of the server process, sampled every 100 ms during the load (target <= 400 MB).
 *
 * Writes its markdown section to SLAB_BENCH_OUT.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KeyStore } from '../../src/server/auth/api-keys';
import { isMarketEmpty, seedDemoMarket } from '../../src/server/seed/seed-demo-market';
import { openDatabase } from '../../src/server/store/database';
import type { RecordedAnswer } from './bytes-only-server';
import { median } from './median';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: {
    path: string;
    headers?: Record<string, string>;
    setupRequest?: (request: { path: string; headers: Record<string, string> }) => {
      path: string;
      headers: Record<string, string>;
    };
  }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.SLAB_BENCH_ROUNDS ?? 8);
const ROUND_SECONDS = Number(process.env.SLAB_BENCH_SECONDS ?? 2);
const CEILING_ROUNDS = Number(process.env.SLAB_BENCH_CEILING_ROUNDS ?? 4);
const CONNECTIONS = 50;
const KEY_POOL = 16;
const dbPath = resolve(process.env.SLAB_BENCH_DB ?? join(root, '.tmp', 'bench', 'market.db'));

function prepareStore(): {
  keys: string[];
  queries: string[];
  distinctQueries: string[];
  seededSeconds: number | null;
} {
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
  const keys = Array.from({ length: KEY_POOL }, () => store.create('business', 'http bench').key);
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
  return { keys, queries, distinctQueries, seededSeconds };
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function startServer(port: number, key: string, logPath: string) {
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
      // The bench drives a few keys far past a real client's rate (docs/api.md, "Rate limit").
      SLAB_RATE_LIMITS: 'off',
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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Endpoint {
  name: string;
  /** Least ratio to /v1/ping (null: the reference itself, or shown for information). */
  target: number | null;
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

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU time (µs) a process has used so far (user + system), from /proc. */
function cpuMicros(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return (ticks * 1_000_000) / CLOCK_TICKS;
}

/** The machine's CPU ticks so far, all and stolen by the hypervisor (/proc/stat). */
function machineTicks(): { total: number; steal: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
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

/**
 * Records the real server's answer (status, headers, body) to the paths of the endpoints (at most
 * 50 each): what the bytes-only server replays, and what the answer sizes are read from.
 */
async function recordAnswers(base: string, endpoints: Endpoint[], key: string) {
  const answers: Record<string, RecordedAnswer> = {};
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  for (const endpoint of endpoints) {
    for (const { path } of endpoint.requests.slice(0, 50)) {
      // identity: the answers autocannon gets (fetch would ask for gzip and hand back the inflated body)
      const response = await fetch(`${base}${path}`, {
        headers: endpoint.keyless
          ? { 'accept-encoding': 'identity' }
          : { 'x-api-key': key, 'accept-encoding': 'identity' },
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.headers.has('content-encoding')) throw new Error(`${path} came encoded`);
      const headers = [...response.headers].filter(([name]) => !skip.has(name));
      answers[path] = { status: response.status, headers, body: body.toString('base64') };
    }
  }
  return answers;
}

async function startBytesOnlyServer(answersPath: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'e2e', 'bench', 'bytes-only-server.ts'), answersPath, String(port)],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((ready, fail) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) ready();
    });
    child.on('exit', (code) => fail(new Error(`bytes-only server exited with ${code}`)));
  });
  return child;
}

async function main() {
  const loadBefore = loadavg()[0]?.toFixed(1);
  const { keys, queries, distinctQueries, seededSeconds } = prepareStore();
  const key = keys[0] as string;
  const port = await freePort();
  const logPath = join(dirname(dbPath), 'http-bench-server.log');
  const server = await startServer(port, key, logPath);
  const pid = server.child.pid as number;
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(pid));
  }, 100);

  const q = (path: string) => queries.map((query) => ({ path: `${path}?q=${encodeURIComponent(query)}` }));
  const ping: Endpoint = { name: '/v1/ping', target: null, requests: [{ path: '/v1/ping' }], keyless: true };
  const cached: Endpoint[] = [
    {
      name: '/v1/categories',
      target: 0.8,
      requests: [{ path: '/v1/categories' }, { path: '/v1/categories?category=pokemon' }],
    },
    { name: '/v1/floor', target: 0.8, requests: [{ path: '/v1/floor' }] },
    {
      name: '/v1/index',
      target: 0.8,
      requests: [
        { path: '/v1/index?category=pokemon' },
        { path: '/v1/index?category=basketball&from=2026-09-01' },
      ],
    },
    // The dashboard's call for two or more categories (419 kB): no target, shown for its CPU per call.
    { name: '/v1/index, every category', target: null, requests: [{ path: '/v1/index' }] },
    {
      name: '/v1/movers',
      target: 0.8,
      requests: [{ path: '/v1/movers' }, { path: '/v1/movers?category=baseball&limit=10' }],
    },
    { name: '/v1/sold', target: 0.5, requests: q('/v1/sold') },
    { name: '/v1/value', target: 0.5, requests: q('/v1/value') },
    { name: '/v3/value', target: 0.5, requests: q('/v3/value') },
  ];
  const uncached: Endpoint = {
    name: '/v3/value, uncached',
    target: null,
    requests: distinctQueries.map((query) => ({ path: `/v3/value?q=${encodeURIComponent(query)}` })),
    rotate: true,
  };
  const endpoints: Endpoint[] = [ping, ...cached, uncached];

  const loadOn =
    (base: string): Load =>
    (endpoint, duration) => {
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
                  headers: { ...request.headers, 'x-api-key': keys[i % KEY_POOL] as string },
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
          headers: (endpoint.keyless ? {} : { 'x-api-key': keys[i % KEY_POOL] as string }) as Record<
            string,
            string
          >,
        })),
      });
    };
  const load = loadOn(server.base);

  // The real answers, before any load: their sizes go in the table; the bytes-only server replays them.
  const answers = await recordAnswers(server.base, endpoints, key);
  const sizes = new Map<string, { min: number; max: number }>();
  for (const endpoint of endpoints) {
    const lengths = endpoint.requests
      .slice(0, 50)
      .map(({ path }) => Buffer.from((answers[path] as RecordedAnswer).body, 'base64').length);
    sizes.set(endpoint.name, { min: Math.min(...lengths), max: Math.max(...lengths) });
  }
  const sizeText = (name: string) => {
    const size = sizes.get(name) as { min: number; max: number };
    const kb = (bytes: number) => (bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`);
    return size.min === size.max ? kb(size.min) : `${kb(size.min)} to ${kb(size.max)}`;
  };

  // Warm-up: JIT, page cache, and the response cache of the rotating queries.
  for (const endpoint of endpoints) await load(endpoint, 1);
  const ticksBefore = machineTicks();
  const samples = await measure('real server', endpoints, load, pid, ROUNDS);
  const ticksAfter = machineTicks();
  const stolenPercent =
    (100 * (ticksAfter.steal - ticksBefore.steal)) / Math.max(1, ticksAfter.total - ticksBefore.total);
  clearInterval(sampler);

  // Bytes only: the real answers, replayed by a server that does nothing else.
  const answersPath = join(dirname(dbPath), 'http-bench-answers.json');
  writeFileSync(answersPath, JSON.stringify(answers));
  server.child.kill('SIGTERM');
  await new Promise((done) => server.child.on('exit', done));
  const barePort = await freePort();
  const bare = await startBytesOnlyServer(answersPath, barePort);
  const bareLoad = loadOn(`http://127.0.0.1:${barePort}`);
  for (const endpoint of [ping, ...cached]) await bareLoad(endpoint, 1);
  const ceiling = await measure(
    'bytes only',
    [ping, ...cached],
    bareLoad,
    bare.pid as number,
    CEILING_ROUNDS,
  );
  bare.kill('SIGTERM');

  const rows = endpoints.map((endpoint) => {
    const list = samples.get(endpoint.name) ?? [];
    const bareList = ceiling.get(endpoint.name);
    return {
      endpoint,
      rps: median(list.map((sample) => sample.rps)),
      ratio: median(list.map((sample) => sample.ratio)),
      ratios: list.map((sample) => sample.ratio),
      bytesOnly: bareList ? median(bareList.map((sample) => sample.ratio)) : null,
      serverCpu: median(list.map((sample) => sample.serverCpu)),
      clientCpu: median(list.map((sample) => sample.clientCpu)),
      p50: median(list.map((sample) => sample.p50)),
      p99: median(list.map((sample) => sample.p99)),
      non2xx: list.reduce((sum, sample) => sum + sample.non2xx, 0),
      failed: list.reduce((sum, sample) => sum + sample.failed, 0),
    };
  });
  const pingRow = rows[0] as (typeof rows)[number];
  const barePingRps = median((ceiling.get(ping.name) ?? []).map((sample) => sample.rps));
  /**
   * The most this server's ratio could be if a call cost it nothing beyond its answer's bytes: the
   * extra time per call the bytes cost the bare server (1/(bare rps) - 1/(bare ping rps)) added to
   * this server's ping time per call (1/(ping rps)).
   */
  const ceilingHere = (bytesOnly: number) => 1 / (1 + (1 / bytesOnly - 1) * (pingRow.rps / barePingRps));
  const bareCpu = (name: string) => {
    const list = ceiling.get(name) ?? [];
    return { server: median(list.map((s) => s.serverCpu)), client: median(list.map((s) => s.clientCpu)) };
  };
  const verdict = (ok: boolean) => (ok ? 'yes' : '**no**');
  const lines = [
    '## HTTP API (`e2e/bench/http.bench.ts`)',
    '',
    `Full demo market in \`${dbPath.replace(`${root}/`, '')}\`${seededSeconds === null ? ' (reused from an earlier run)' : ` (seeded in ${seededSeconds.toFixed(1)} s)`}. ` +
      `Real server (\`src/server/main.ts\`, request log on) on 127.0.0.1, ${KEY_POOL} business keys; autocannon, ${CONNECTIONS} connections, no Accept-Encoding (answers uncompressed). ` +
      `${ROUNDS} rounds; in each, every endpoint runs ${ROUND_SECONDS} s between two ${ROUND_SECONDS} s \`/v1/ping\` runs, and its ratio is its requests/s over the mean of those two pings; ` +
      'the table shows medians over the rounds (ratios of each round in brackets). ' +
      'Card queries rotate over the 40 most traded cards, so after their first call they come from the response cache ' +
      `(docs/api.md); the uncached row asks ${distinctQueries.length} distinct questions in one rotation shared by all connections, more than the cache keeps, so every call computes. ` +
      `**Bytes only** is the same measure (${CEILING_ROUNDS} rounds) against a bare node:http server that replays the real server's recorded answers, headers and body byte for byte (each body kept as bytes, written with its headers in one write), and does nothing else (\`e2e/bench/bytes-only-server.ts\`): ` +
      "what the answers' bytes alone cost on this machine with this client, against a ping that costs next to nothing. " +
      '**Ceiling here** turns that into the most this server could reach, given its own ping: ' +
      '1 / (1 + (1 / bytes-only - 1) x ping req/s of this server / ping req/s of the bare server), ' +
      "that is, the time per call the extra bytes cost the bare server added to this server's ping time per call. " +
      'CPU per call: of the server process (from /proc) and of the bench process, where autocannon runs.',
    '',
    `Load average of the machine (${cpus().length} cores, shared with other work): ${loadBefore} before the run, ` +
      `${loadavg()[0]?.toFixed(1)} after; CPU time taken by the hypervisor from this machine during the real server's load: ${stolenPercent.toFixed(1)} %. ` +
      'A figure far from its target on a loaded machine says little.',
    '',
    '| endpoint | answer size | req/s | ratio to ping | target | met | bytes only | ceiling here | server µs/call | autocannon µs/call | p50 ms | p99 ms | non-2xx | errors, timeouts |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ endpoint, rps, ratio, ratios, bytesOnly, serverCpu, clientCpu, p50, p99, non2xx, failed }) => {
        const target = endpoint.target;
        const each = endpoint === pingRow.endpoint ? '' : ` (${ratios.map((r) => r.toFixed(2)).join(', ')})`;
        return `| \`${endpoint.name}\` | ${sizeText(endpoint.name)} | ${Math.round(rps)} | ${ratio.toFixed(2)}${each} | ${target === null ? '' : `>= ${target}`} | ${target === null ? '' : verdict(ratio >= target)} | ${bytesOnly === null ? '' : bytesOnly.toFixed(2)} | ${bytesOnly === null || endpoint === pingRow.endpoint ? '' : ceilingHere(bytesOnly).toFixed(2)} | ${serverCpu.toFixed(1)} | ${clientCpu.toFixed(1)} | ${p50} | ${p99} | ${non2xx} | ${failed} |`;
      },
    ),
    '',
    `The bytes-only server's ping: ${Math.round(barePingRps)} requests/s, ` +
      `${bareCpu(ping.name).server.toFixed(1)} µs of server and ${bareCpu(ping.name).client.toFixed(1)} µs of autocannon CPU a call.`,
    '',
    '| measure | value | target | met |',
    '|---|---:|---:|---|',
    `| start-up on the seeded store to the first 200 | ${server.startupSeconds.toFixed(2)} s | <= 3 s | ${verdict(server.startupSeconds <= 3)} |`,
    `| peak RSS of the server under load | ${Math.round(peakRss)} MB | <= 400 MB | ${verdict(peakRss <= 400)} |`,
    '',
  ];
  const markdown = lines.join('\n');
  console.log(markdown);
  const out = process.env.SLAB_BENCH_OUT;
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${markdown}\n`);
  }
  if (rows.some((row) => row.non2xx > 0)) {
    console.error('some answers were not 2xx: see the table');
    process.exitCode = 1;
  }
}

await main();
