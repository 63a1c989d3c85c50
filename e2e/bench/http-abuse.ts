/**
 * The two attacks of issue 16 that the HTTP bench replays against a server with its default rate
 * limits (http.bench.ts starts it and writes the rows):
 *
 * - No_match flood: the latency of another client's cached call while one free key floods broad
 *   no_match questions (no-match-flood.ts, in its own process).
 * - Distinct ranges: RSS of the server after 2,150 distinct `/v1/index?from=&to=` calls with gzip.
 * - The expensive flood: another key's cached call quiet, then under floods of /v1/ping, of a free
 *   key's most expensive question, of /v1/accuracy without a key, and of a free key's no_match.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { autocannon, statusCount } from './autocannon';
import { median } from './median';
import { cpuMicros, rssMb, rssSampler } from './process-stats';

const here = dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A quantile (0 to 1) of a list of measurements, the nearest rank (0 for none). */
const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
};

interface ProbeResult {
  p50: number;
  p99: number;
  calls: number;
  /** Answers other than 200 (a rate-limited probe would show here). */
  non200: number;
  /** CPU of the server during the probe, in % of one core. */
  serverCpuPercent: number;
}

/**
 * Sends `rate` GETs a second for `seconds` (open loop: each at its due time, whether or not earlier
 * ones have been answered, over at most 16 keep-alive sockets), and times each from its due time to
 * the end of its answer, in ms (sub-millisecond: autocannon's histogram keeps whole ms, too coarse
 * for a 1 ms p50). Timing from the due time counts a wait for a free socket as latency too.
 */
async function probe(
  base: string,
  path: string,
  key: string,
  rate: number,
  seconds: number,
  serverPid: number,
): Promise<ProbeResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const url = new URL(path, base);
  const get = () =>
    new Promise<number>((done, fail) => {
      const sent = request(url, { agent, headers: { 'x-api-key': key } }, (response) => {
        response.on('data', () => {});
        response.on('end', () => done(response.statusCode ?? 0));
      });
      sent.on('error', fail);
      sent.end();
    });
  const latencies: number[] = [];
  let non200 = 0;
  const pending: Promise<void>[] = [];
  const cpuBefore = cpuMicros(serverPid);
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(
      get().then((status) => {
        latencies.push(performance.now() - due);
        if (status !== 200) non200 += 1;
      }),
    );
  }
  await Promise.all(pending);
  const elapsedMs = performance.now() - start;
  const serverCpuPercent = (100 * (cpuMicros(serverPid) - cpuBefore)) / (elapsedMs * 1000);
  agent.destroy();
  return {
    p50: median(latencies),
    p99: quantile(latencies, 0.99),
    calls: latencies.length,
    non200,
    serverCpuPercent,
  };
}

export interface FloodResult {
  rate: number;
  seconds: number;
  connections: number;
  quiet: ProbeResult;
  flood: ProbeResult;
  /** The flood's answers by status, over its whole run (which starts `leadSeconds` before the probe). */
  floodStatuses: Record<string, number>;
  floodTotal: number;
  floodErrors: number;
  leadSeconds: number;
  /** CPU of the flooding process while the probe ran, in % of one core (it shares the machine). */
  flooderCpuPercent: number;
}

/**
 * The no_match flood: a cached /v1/floor call of a business key at `rate` a second, first quiet,
 * then while a free key floods no_match questions from `connections` connections. The flood starts
 * `leadSeconds` before the probe, so that the free key's burst (100 tokens) is spent and the probe
 * sees the flood at its rate limit; it ends with the probe.
 */
/** Runs the flooding process (no-match-flood.ts) of `kind` for `seconds`; resolves with its counts. */
function startFlood(base: string, key: string, seconds: number, connections: number, kind: string) {
  const flooder: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(here, 'no-match-flood.ts'),
      base,
      key,
      String(seconds),
      String(connections),
      kind,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  flooder.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const done = new Promise<{ total: number; statuses: Record<string, number>; errors: number }>(
    (resolve, fail) =>
      flooder.on('exit', (code) =>
        code === 0
          ? resolve(JSON.parse(output.trim().split('\n').pop() ?? '{}'))
          : fail(new Error(`the ${kind} flood exited with ${code}`)),
      ),
  );
  return { flooder, done };
}

export interface ExpensiveFloodResult {
  connections: number;
  seconds: number;
  quiet: ProbeResult;
  ping: ProbeResult;
  expensive: ProbeResult;
  /** Under an anonymous flood of /v1/accuracy (the keyless limit's case). */
  accuracy: ProbeResult;
  /** Under a keyed flood of broad no_match questions, with as many connections. */
  noMatch: ProbeResult;
  pingStatuses: Record<string, number>;
  expensiveStatuses: Record<string, number>;
  accuracyStatuses: Record<string, number>;
  noMatchStatuses: Record<string, number>;
  /** Server CPU (% of one core) over the expensive flood's probe, less the probe's own share measured quiet. */
  serverCpuExpensive: number;
  serverCpuPing: number;
  /** The floods' calls while the probe ran (the request log). */
  pingWindow: FloodWindow;
  expensiveWindow: FloodWindow;
  /**
   * The server CPU (% of one core) the flooding key's computed questions took: the expensive flood's
   * (above) less what as many calls of the ping flood cost (its CPU per call, 429s and pings alike).
   */
  keyCpu: number;
}

/** A flood's calls in the request log while the probe ran. */
export interface FloodWindow {
  seconds: number;
  calls: number;
  /** Calls answered otherwise than 429: computed (a 404 no_match is computed too). */
  computed: number;
  /** Their server time (the request log's `ms`, what the compute budget charges; waits included). */
  computedMs: number;
}

/** The calls of the request log at `logPath` logged in [fromMs, toMs] that `isFlood` picks. */
function floodWindow(
  logPath: string,
  fromMs: number,
  toMs: number,
  isFlood: (entry: { path?: string; tier?: string | null }) => boolean,
): FloodWindow {
  const window: FloodWindow = { seconds: (toMs - fromMs) / 1000, calls: 0, computed: 0, computedMs: 0 };
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    const entry = JSON.parse(line) as {
      time: string;
      path?: string;
      status?: number;
      ms?: number;
      tier?: string | null;
    };
    const at = Date.parse(entry.time);
    if (at < fromMs || at > toMs || !isFlood(entry)) continue;
    window.calls += 1;
    if (entry.status === 429) continue;
    window.computed += 1;
    window.computedMs += entry.ms ?? 0;
  }
  return window;
}

/**
 * Issue 29: another key's cached /v1/floor, at `rate` a second, quiet, then while one free key floods
 * /v1/ping from `connections` connections (the reference: a flood of the same shape that costs
 * nothing), then while the same key floods its most expensive question (`expensive` in
 * no-match-flood.ts). Targets: p50 under the expensive flood within 1.5 x, p99 within 2 x, of the
 * higher of quiet and ping flood; the server CPU the flooding key takes, a quarter of a core or less.
 */
export async function expensiveFlood(options: {
  base: string;
  serverPid: number;
  businessKey: string;
  freeKeys: [string, string];
  rate: number;
  seconds: number;
  connections: number;
  leadSeconds: number;
  /** The server's request log (LOG_LEVEL info): the floods' calls during the probe. */
  logPath: string;
}): Promise<ExpensiveFloodResult> {
  const { base, serverPid, businessKey, freeKeys, rate, seconds, connections, leadSeconds, logPath } =
    options;
  await probe(base, '/v1/floor', businessKey, rate, 1, serverPid);
  const quiet = await probe(base, '/v1/floor', businessKey, rate, seconds, serverPid);
  const under = async (kind: string, key: string, isFlood: Parameters<typeof floodWindow>[3]) => {
    const flood = startFlood(base, key, seconds + leadSeconds + 1, connections, kind);
    await sleep(leadSeconds * 1000 + 1500); // tsx start, then the key's bursts spent
    const from = Date.now();
    const probed = await probe(base, '/v1/floor', businessKey, rate, seconds, serverPid);
    const to = Date.now();
    const counts = await flood.done;
    return { probed, counts, window: floodWindow(logPath, from, to, isFlood) };
  };
  const ping = await under('ping', freeKeys[0], (entry) => entry.path === '/v1/ping');
  const expensive = await under(
    'expensive',
    freeKeys[1],
    (entry) => entry.path === '/v1/value' && entry.tier === 'free',
  );
  // The accuracy flood sends no key (the flooder leaves out the one it is given).
  const accuracy = await under('accuracy', freeKeys[1], (entry) => entry.path === '/v1/accuracy');
  // /v1/ping takes no key: the ping flood left the first key's buckets full for this one.
  const noMatch = await under(
    'no-match',
    freeKeys[0],
    (entry) => entry.path === '/v1/value' && entry.tier === 'free',
  );
  const serverCpuPing = ping.probed.serverCpuPercent - quiet.serverCpuPercent;
  const serverCpuExpensive = expensive.probed.serverCpuPercent - quiet.serverCpuPercent;
  const perSecond = (window: FloodWindow) => window.calls / Math.max(1e-9, window.seconds);
  const cpuPerPingCall = serverCpuPing / Math.max(1e-9, perSecond(ping.window));
  return {
    connections,
    seconds,
    quiet,
    ping: ping.probed,
    expensive: expensive.probed,
    accuracy: accuracy.probed,
    noMatch: noMatch.probed,
    pingStatuses: ping.counts.statuses,
    expensiveStatuses: expensive.counts.statuses,
    accuracyStatuses: accuracy.counts.statuses,
    noMatchStatuses: noMatch.counts.statuses,
    serverCpuExpensive,
    serverCpuPing,
    pingWindow: ping.window,
    expensiveWindow: expensive.window,
    keyCpu: serverCpuExpensive - cpuPerPingCall * perSecond(expensive.window),
  };
}

/**
 * Whether a flood's probe stays within the bounds of issue 29 and 38: p50 at most 1.5 x and p99 at
 * most 2 x the higher of the quiet and ping-flood figures of the same run.
 */
export function withinFloodBounds(result: ExpensiveFloodResult, under: ProbeResult) {
  const p50 = under.p50 / Math.max(1e-9, result.quiet.p50, result.ping.p50);
  const p99 = under.p99 / Math.max(1e-9, result.quiet.p99, result.ping.p99);
  return { p50, p99, met: p50 <= 1.5 && p99 <= 2 && under.non200 === 0 };
}

/** The rows of the expensive-question flood (markdown). */
export function expensiveFloodSection(result: ExpensiveFloodResult): string[] {
  const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
  const { pingWindow: ping, expensiveWindow: expensive } = result;
  const cpuPerPingCall = result.serverCpuPing / Math.max(1e-9, ping.calls / Math.max(1e-9, ping.seconds));
  const reference = {
    p50: Math.max(result.quiet.p50, result.ping.p50),
    p99: Math.max(result.quiet.p99, result.ping.p99),
  };
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, count]) => `${count} x ${status}`)
      .join(', ');
  return [
    `### One free key flooding its most expensive question (issue 29)`,
    '',
    `A business key's cached \`/v1/floor\` at 50 calls/s for ${result.seconds} s: quiet; while another free key floods \`/v1/ping\` from ${result.connections} connections; while a third free key floods \`/v1/value?q=<12 common words>&min_price=n\` (a new n each call: none is answered from the cache) from ${result.connections} connections. Server CPU: the whole server process's, in % of one core, the probe's own quiet share taken off; under a flood it is mostly what ${result.connections} connections of any request cost (most flood answers are 429s), not what the key's questions take (below).`,
    '',
    '| run | p50 ms | p99 ms | server CPU % | flood answers |',
    '| --- | ---: | ---: | ---: | --- |',
    `| quiet | ${ms(result.quiet.p50)} | ${ms(result.quiet.p99)} | ${result.quiet.serverCpuPercent.toFixed(1)} (all) | |`,
    `| ping flood | ${ms(result.ping.p50)} | ${ms(result.ping.p99)} | ${result.serverCpuPing.toFixed(1)} | ${statuses(result.pingStatuses)} |`,
    `| expensive flood | ${ms(result.expensive.p50)} | ${ms(result.expensive.p99)} | ${result.serverCpuExpensive.toFixed(1)} | ${statuses(result.expensiveStatuses)} |`,
    `| anonymous \`/v1/accuracy\` flood | ${ms(result.accuracy.p50)} | ${ms(result.accuracy.p99)} | ${(result.accuracy.serverCpuPercent - result.quiet.serverCpuPercent).toFixed(1)} | ${statuses(result.accuracyStatuses)} |`,
    `| keyed no_match flood | ${ms(result.noMatch.p50)} | ${ms(result.noMatch.p99)} | ${(result.noMatch.serverCpuPercent - result.quiet.serverCpuPercent).toFixed(1)} | ${statuses(result.noMatchStatuses)} |`,
    '',
    `The anonymous flood sends no key (\`e2e/bench/no-match-flood.ts accuracy\`); the ping and accuracy floods come from one address (127.0.0.1), so past its burst the keyless limit answers them 429. The keyed no_match flood is \`/v1/value?q=topps&min_price=9000000+n\` from another free key. The probe's floor calls not 200: ${result.quiet.non200} quiet, ${result.ping.non200} / ${result.expensive.non200} / ${result.accuracy.non200} / ${result.noMatch.non200} under the floods.`,
    '',
    '| the cached `/v1/floor`, under | p50 / reference | p99 / reference | target | met |',
    '| --- | ---: | ---: | --- | --- |',
    ...(
      [
        ['the expensive flood', result.expensive],
        ['the anonymous `/v1/accuracy` flood', result.accuracy],
        ['the keyed no_match flood', result.noMatch],
      ] as const
    ).map(([name, under]) => {
      const bound = withinFloodBounds(result, under);
      return `| ${name} | ${bound.p50.toFixed(2)} | ${bound.p99.toFixed(2)} | p50 <= 1.5, p99 <= 2 | ${bound.met ? 'yes' : '**no**'} |`;
    }),
    '',
    `Reference: the higher of quiet and ping flood, p50 ${ms(reference.p50)} ms, p99 ${ms(reference.p99)} ms.`,
    '',
    `The server CPU one key takes with its most expensive question (target: a quarter of a core or less for a free key): the expensive flood's server CPU less what as many calls of the ping flood cost (${ping.calls.toLocaleString('en-US')} ping calls in ${ping.seconds.toFixed(1)} s took ${result.serverCpuPing.toFixed(1)} % of a core, ${cpuPerPingCall.toFixed(4)} % per call a second; the expensive flood's 429s are counted at that cost, which is low if a 429 costs more than a ping). What is left is the CPU of the flooding key's computed answers. Calls counted from the request log while the probe ran.`,
    '',
    '| the flooding free key, while the probe ran | value | target | met |',
    '| --- | ---: | ---: | --- |',
    `| its calls: computed (200 or 404) / 429 | ${expensive.computed.toLocaleString('en-US')} / ${(expensive.calls - expensive.computed).toLocaleString('en-US')} in ${expensive.seconds.toFixed(1)} s | | |`,
    `| server CPU of its computed answers, % of a core | ${result.keyCpu.toFixed(1)} | <= 25 | ${result.keyCpu <= 25 ? 'yes' : '**no**'} |`,
    `| CPU per computed answer, ms | ${expensive.computed === 0 ? '-' : ((result.keyCpu * 10 * expensive.seconds) / expensive.computed).toFixed(1)} | | |`,
    `| server time of its computed answers summed, ms a second (the request log's \`ms\`: wall time, waits included, overlapping calls each counted; not CPU, and more than the compute budget charges, which counts overlapping time once) | ${(expensive.computedMs / Math.max(1e-9, expensive.seconds)).toLocaleString('en-US', { maximumFractionDigits: 0 })} | | |`,
  ];
}

export async function noMatchFlood(options: {
  base: string;
  serverPid: number;
  businessKey: string;
  freeKey: string;
  rate: number;
  seconds: number;
  connections: number;
  leadSeconds: number;
}): Promise<FloodResult> {
  const { base, serverPid, businessKey, freeKey, rate, seconds, connections, leadSeconds } = options;
  // Into the response cache, and a short settle.
  await probe(base, '/v1/floor', businessKey, rate, 1, serverPid);
  const quiet = await probe(base, '/v1/floor', businessKey, rate, seconds, serverPid);

  const flooder: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(here, 'no-match-flood.ts'),
      base,
      freeKey,
      String(seconds + leadSeconds + 1),
      String(connections),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  flooder.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const flooded = new Promise<void>((done, fail) =>
    flooder.on('exit', (code) => (code === 0 ? done() : fail(new Error(`the flood exited with ${code}`)))),
  );
  // tsx takes a moment to start the flooder: wait for its first request to reach the server.
  const cpuAtSpawn = cpuMicros(serverPid);
  const spawned = performance.now();
  while (cpuMicros(serverPid) - cpuAtSpawn < 20_000 && performance.now() - spawned < 10_000) await sleep(20);
  await sleep(leadSeconds * 1000);
  const flooderPid = flooder.pid as number;
  const flooderBefore = cpuMicros(flooderPid);
  const probeStart = performance.now();
  const flood = await probe(base, '/v1/floor', businessKey, rate, seconds, serverPid);
  const flooderCpuPercent =
    (100 * (cpuMicros(flooderPid) - flooderBefore)) / ((performance.now() - probeStart) * 1000);
  await flooded;
  const counts = JSON.parse(output.trim().split('\n').pop() ?? '{}') as {
    total: number;
    statuses: Record<string, number>;
    errors: number;
  };
  return {
    rate,
    seconds,
    connections,
    quiet,
    flood,
    floodStatuses: counts.statuses,
    floodTotal: counts.total,
    floodErrors: counts.errors,
    leadSeconds,
    flooderCpuPercent,
  };
}

/**
 * The server's own time (the request log's `ms`) of the flood's no_match answers (404s of
 * /v1/value to the free key): issue 16 bounds a no_match to 50 ms of server time.
 */
export function noMatchServerTimes(logPath: string): {
  count: number;
  p50: number;
  p99: number;
  max: number;
} {
  const times: number[] = [];
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    if (!line.includes('"status":404') || !line.includes('"/v1/value"')) continue;
    const entry = JSON.parse(line) as { path?: string; status?: number; ms?: number; tier?: string };
    if (entry.path === '/v1/value' && entry.status === 404 && entry.tier === 'free' && entry.ms !== undefined)
      times.push(entry.ms);
  }
  return {
    count: times.length,
    p50: median(times),
    p99: quantile(times, 0.99),
    max: times.length === 0 ? 0 : Math.max(...times),
  };
}

export interface RangeMemoryResult {
  calls: number;
  connections: number;
  seconds: number;
  /** Sample paths: the first and the last. */
  first: string;
  last: string;
  statuses: { ok: number; other: number };
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
  rssIdle: number;
  idleSeconds: number;
}

/** Dates from `from` to `to`, inclusive, YYYY-MM-DD. */
function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000)
    dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}

/**
 * `count` distinct `/v1/index?from=&to=` paths, every category (the largest answers), the widest
 * ranges first: from the first date plus a days and the last date minus b days, by a + b.
 */
export function distinctRanges(first: string, last: string, count: number): string[] {
  const dates = datesBetween(first, last);
  const paths: string[] = [];
  for (let spread = 0; spread < dates.length && paths.length < count; spread++) {
    for (let a = 0; a <= spread && paths.length < count; a++) {
      const from = a;
      const to = dates.length - 1 - (spread - a);
      if (from <= to) paths.push(`/v1/index?from=${dates[from]}&to=${dates[to]}`);
    }
  }
  if (paths.length < count) throw new Error(`only ${paths.length} distinct ranges from ${first} to ${last}`);
  return paths;
}

/**
 * The distinct-range run: every path once, with Accept-Encoding: gzip, from `connections`
 * connections, over the keys in turn; then the server's RSS right after and after `idleSeconds`.
 */
export async function distinctRangeMemory(options: {
  base: string;
  serverPid: number;
  keys: string[];
  paths: string[];
  connections: number;
  idleSeconds: number;
}): Promise<RangeMemoryResult> {
  const { base, serverPid, keys, paths, connections, idleSeconds } = options;
  const rssBefore = rssMb(serverPid);
  const sampler = rssSampler(serverPid);
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections,
    amount: paths.length,
    requests: [
      {
        path: '/',
        setupRequest: (sent) => {
          const i = next++;
          return {
            ...sent,
            path: paths[i % paths.length] as string,
            headers: {
              ...sent.headers,
              'x-api-key': keys[i % keys.length] as string,
              'accept-encoding': 'gzip',
            },
          };
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  const rssAfter = rssMb(serverPid);
  await sleep(idleSeconds * 1000);
  const rssPeak = sampler.stop();
  const ok = statusCount(result, 200);
  return {
    calls: result.requests.total,
    connections,
    seconds,
    first: paths[0] as string,
    last: paths[paths.length - 1] as string,
    statuses: { ok, other: result.requests.total - ok },
    rssBefore,
    rssPeak,
    rssAfter,
    rssIdle: rssMb(serverPid),
    idleSeconds,
  };
}
