/**
 * The two attacks of issue 16 that the HTTP bench replays against a server with its default rate
 * limits (http.bench.ts starts it and writes the rows):
 *
 * - No_match flood: the latency of another client's cached call while one free key floods broad
 *   no_match questions (no-match-flood.ts, in its own process).
 * - Distinct ranges: RSS of the server after 2,150 distinct `/v1/index?from=&to=` calls with gzip.
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
