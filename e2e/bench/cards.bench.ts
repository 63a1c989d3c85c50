/**
 * `npm run bench -- cards`: the card operations of issue 24 in process on the full demo market
 * (seed 1, as of SLAB_BENCH_AS_OF or 2026-11-21): `/v1/cards` and `/v1/history` (one card by its
 * exact title, a year of weeks, every grade; and broad words such as `topps`), and `/v1/value`,
 * whose ladder now gathers the 365 days for every call. Target: p99 <= 25 ms, as every q-driven
 * call (store.bench.ts). Then the worst single request of the real server, cold and warm
 * (worst-request.ts; target <= 50 ms of server time). Writes its markdown section to SLAB_BENCH_OUT.
 * SLAB_BENCH_CARDS_DB: a store already seeded this way (seed 1, as of AS_OF) to use instead of a
 * fresh one (it gains a bench key).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { exactTitleQuery } from '../../src/contract/card-query';
import { AnalyticsError } from '../../src/server/analytics/analytics-error';
import { operationsOn } from '../../src/server/analytics/testing/operations-on';
import { seedDemoMarket } from '../../src/server/seed/seed-demo-market';
import { openDatabase } from '../../src/server/store/sqlite/database';
import { KeyStore } from '../../src/server/store/sqlite/sqlite-keys';
import { createMarketReader } from '../../src/server/store/sqlite/sqlite-market-reader';
import { benchQueries } from './bench-queries';
import { worstQuestions, worstRequests } from './worst-request';

const AS_OF = process.env.SLAB_BENCH_AS_OF ?? '2026-11-21';
const TARGET_MS = 25;
const ROUNDS = 3;

const dir = mkdtempSync(join(tmpdir(), 'slab-cards-bench-'));
const dbPath = process.env.SLAB_BENCH_CARDS_DB ?? join(dir, 'market.db');
const db = openDatabase(dbPath);
if (process.env.SLAB_BENCH_CARDS_DB === undefined) {
  const seedStart = performance.now();
  seedDemoMarket(db, { seed: 1, asOf: AS_OF, scale: 'full' });
  console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
}
const loadBefore = loadavg()[0] as number;
const analytics = operationsOn(createMarketReader(db));
await analytics.context.warm();
const { queries, broad } = benchQueries(db);
// The most traded cards, by their exact titles (the dashboard's card page asks this way).
const titles = (
  db
    .prepare(
      'SELECT c.title FROM cards c JOIN sales s ON s.card_id = c.id GROUP BY c.id ORDER BY count(*) DESC LIMIT 200',
    )
    .pluck()
    .all() as string[]
).map(exactTitleQuery);

interface Row {
  name: string;
  calls: number;
  p50: number;
  p99: number;
  max: number;
}
const rows: Row[] = [];

async function measure(name: string, calls: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(30, calls); i += 1) await attempt(run, i);
  // The machine is shared: the quietest of ROUNDS rounds is reported, the max over all of them.
  let best: Float64Array | null = null;
  let max = 0;
  const at = (times: Float64Array, p: number) =>
    times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] as number;
  for (let round = 0; round < ROUNDS; round += 1) {
    const times = new Float64Array(calls);
    for (let i = 0; i < calls; i += 1) {
      const start = performance.now();
      await attempt(run, i);
      times[i] = performance.now() - start;
    }
    times.sort();
    max = Math.max(max, times[calls - 1] as number);
    if (best === null || at(times, 0.99) < at(best, 0.99)) best = times;
  }
  const times = best as Float64Array;
  const row = { name, calls, p50: at(times, 0.5), p99: at(times, 0.99), max };
  rows.push(row);
  console.log(`${name.padEnd(52)} p50 ${row.p50.toFixed(2)} ms  p99 ${row.p99.toFixed(2)} ms`);
}

async function attempt(run: (i: number) => Promise<unknown>, i: number) {
  try {
    await run(i);
  } catch (error) {
    if (!(error instanceof AnalyticsError && error.code === 'no_match')) throw error;
  }
}

const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
await measure('cards, 2-4 words of a title', 500, (i) => analytics.cards({ q: pick(queries, i), limit: 25 }));
await measure('cards, broad word (topps, pokemon, 2024, ...)', 80, (i) =>
  analytics.cards({ q: pick(broad, i), limit: 25 }),
);
await measure('history, one card (exact title), 52 weeks, every grade', 500, (i) =>
  analytics.history({ q: pick(titles, i), interval: 'week' }),
);
await measure('history, one card, 36 months, every grade', 200, (i) =>
  analytics.history({ q: pick(titles, i), interval: 'month', from: '2023-11-22', to: AS_OF }),
);
await measure('history, broad word, 52 weeks, every grade', 80, (i) =>
  analytics.history({ q: pick(broad, i), interval: 'week' }),
);
await measure('history, topps, 52 weeks, every grade', 40, () =>
  analytics.history({ q: 'topps', interval: 'week' }),
);
await measure('value (ladder of single-grade rungs), 2-4 words', 500, (i) =>
  analytics.value({ q: pick(queries, i) }),
);
await measure('value, broad word', 80, (i) => analytics.value({ q: pick(broad, i) }));
await measure('v3 value, broad word', 80, (i) => analytics.enrichedValue({ q: pick(broad, i) }));
await measure('sold, broad word, 365 days', 80, (i) => analytics.sold({ q: pick(broad, i), days: 365 }));

const loadAfterInProcess = loadavg()[0] as number;
const key = (await new KeyStore(db).create('business', 'cards bench')).key;
db.close();
const worst = await worstRequests({ dbPath, key, questions: worstQuestions(), logDir: dir });
const WORST_TARGET_MS = 50;
const worstCold = Math.max(...worst.rows.map((row) => row.coldMs));
const worstWarm = Math.max(...worst.rows.flatMap((row) => row.warmMs));
const within = (value: number) => (value <= WORST_TARGET_MS ? 'met' : '**missed**');

const ms = (value: number) => value.toFixed(2);
const section = [
  '## Card operations (in process, full demo market)',
  '',
  `\`npm run bench -- cards\`: the analytics of /v1/cards, /v1/history and /v1/value called in process on the full demo market (seed 1, as of ${AS_OF}), SQLite. The quietest of ${ROUNDS} rounds; max over all rounds. Target p99 <= ${TARGET_MS} ms.`,
  '',
  '| operation | calls | p50 ms | p99 ms | max ms | p99 target |',
  '| --- | ---: | ---: | ---: | ---: | --- |',
  ...rows.map(
    (row) =>
      `| ${row.name} | ${row.calls} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.max)} | <= ${TARGET_MS} ${row.p99 <= TARGET_MS ? 'met' : '**missed**'} |`,
  ),
  '',
  `Load average (1 min, ${cpus().length} cores, shared): ${loadBefore.toFixed(1)} before, ${loadAfterInProcess.toFixed(1)} after these rows.`,
  '',
  '### Worst single request (real server, server time of the request log)',
  '',
  `Each question is the first call after its own start of \`src/server/main.ts\` on this store (cold), then asked ${worst.rows[0]?.warmMs.length ?? 0} more times of one started server, q written differently each time so that the response cache does not answer (warm). Target (issue 29): <= ${WORST_TARGET_MS} ms, cold and warm.`,
  '',
  `| worst single request | cold ms | warm ms | target |`,
  '| --- | ---: | ---: | --- |',
  `| the questions below | ${ms(worstCold)} | ${ms(worstWarm)} | <= ${WORST_TARGET_MS}: cold ${within(worstCold)}, warm ${within(worstWarm)} |`,
  '',
  '| question | status | cold ms | warm ms (max) |',
  '| --- | ---: | ---: | ---: |',
  ...worst.rows.map(
    (row) =>
      `| \`${decodeURIComponent(row.path)}\` | ${row.status} | ${ms(row.coldMs)} | ${ms(Math.max(...row.warmMs))} |`,
  ),
  '',
  `Starts (spawn to the first /v1/ping answer): ${ms(Math.min(...worst.startSeconds))} to ${ms(Math.max(...worst.startSeconds))} s. Load average after: ${(loadavg()[0] as number).toFixed(1)}.`,
  '',
].join('\n');
if (process.env.SLAB_BENCH_OUT) writeFileSync(process.env.SLAB_BENCH_OUT, section);
console.log(section);
rmSync(dir, { recursive: true, force: true });
