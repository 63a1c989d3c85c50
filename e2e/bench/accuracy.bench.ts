/**
 * `npm run bench -- accuracy`: scores the analytics against the demo generator's truth.
 *
 * Seeds the full demo market (seed 1, as of SLAB_BENCH_AS_OF or 2026-11-21) into a temp file with
 * its true price paths (market-truth.ts, never stored), then:
 *
 * - movers: every label `/v1/movers` lists (the whole precomputed table, not only the top 100):
 *   is the direction right, and how far is `pct_change` from the label's true change (mean true
 *   level over the last 7 days against the 7 before)? Targets: direction right for >= 80 %, median
 *   absolute error <= 5 points.
 * - value: the most-traded cards' full titles, typed as a collector types them (no quotes), through
 *   `/v3/value`: correlation of `trend_30d` with the true 30-day change of the cells the query's
 *   sales come from (target >= 0.8), and the verdict against the verdict of the true inputs (true
 *   discount of the last sale to its cell's true price, true trend, the answer's own liquidity and
 *   confidence; target >= 50 % equal).
 *
 * Writes its markdown section to SLAB_BENCH_OUT.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buyScoreBreakdown } from '../../src/contract/buy-score';
import { queryWords } from '../../src/contract/card-query';
import type { Category } from '../../src/contract/categories';
import type { EnrichedValueData } from '../../src/contract/resources';
import { AnalyticsError } from '../../src/server/analytics/analytics-error';
import {
  accuracyReadAfter,
  computeAccuracy,
  publishedOutcomes,
} from '../../src/server/analytics/derived/derive-accuracy';
import { LIVE_INDEX_WEEKS, prepareMarket } from '../../src/server/analytics/derived/derive-next-sale';
import { computeSalesIndex, salesIndexWeeks } from '../../src/server/analytics/derived/derive-sales-index';
import { NEXT_SALE_CONSTANTS } from '../../src/server/analytics/next-sale';
import { operationsOn } from '../../src/server/analytics/testing/operations-on';
import { type CardTruth, type MarketTruth, truePrice } from '../../src/server/seed/market-truth';
import { seedDemoMarket } from '../../src/server/seed/seed-demo-market';
import type { AccuracySaleTuple, SalesIndexSaleTuple } from '../../src/server/store/derived-tables';
import { openDatabase } from '../../src/server/store/sqlite/database';
import { createMarketReader } from '../../src/server/store/sqlite/sqlite-market-reader';
import { DAY_MS } from '../../src/server/store/time';
import { median } from './median';
import { measureServerStart, type ServerStart } from './server-start';

const AS_OF = process.env.SLAB_BENCH_AS_OF ?? '2026-11-21';
/** Another seed checks that the figures are not a property of seed 1 alone (the docs report seed 1). */
const SEED = Number(process.env.SLAB_BENCH_SEED ?? 1);
const QUERIES = 400;

/**
 * The same benchmark on the same market (this generator, seed 1, as of 2026-11-21) with the
 * analytics from before the like-for-like methods (commit 6af447c: mean of all sales for movers,
 * median of all sales for the trend and the discount, spread of all prices for confidence),
 * measured in a worktree of that commit with this generator copied in: kept here so that every run
 * shows both side by side.
 */
const BEFORE = {
  moversListed: 224,
  moversDirection: 0.549,
  moversMedianError: 18.7,
  trendQueries: 400,
  trendCorrelation: 0.18,
  verdictQueries: 400,
  verdictEqual: 0.1925,
  discountAtCap: 0.625,
  confidenceZero: 0.26,
};

const dir = mkdtempSync(join(tmpdir(), 'slab-accuracy-'));
const db = openDatabase(join(dir, 'market.db'));
const started = performance.now();
const seeded = seedDemoMarket(db, { seed: SEED, asOf: AS_OF, scale: 'full', truth: true });
const seedSeconds = (performance.now() - started) / 1000;
const truth = seeded.truth as MarketTruth;
console.log(`seeded with truth in ${((performance.now() - started) / 1000).toFixed(1)} s`);
// The server's start on this store (3 runs), before the bench's own reads load the machine.
const startLoad = (loadavg()[0] ?? 0).toFixed(1);
const starts: ServerStart[] = [];
for (let run = 0; run < 3; run++) starts.push(await measureServerStart(join(dir, 'market.db')));
const seconds = (ms: number[]) =>
  `median ${(median(ms) / 1000).toFixed(2)} s, most ${(Math.max(...ms) / 1000).toFixed(2)} s`;
const reader = createMarketReader(db);
const analytics = operationsOn(reader);
const asOfMs = (await reader.state()).asOfMs as number;
const last = truth.days - 1;

// ---- movers ------------------------------------------------------------------------------------
const labelLevel = new Map(truth.labels.map((row) => [`${row.category}\u0000${row.label}`, row.level]));
const meanOver = (values: number[], from: number, to: number) => {
  let sum = 0;
  for (let i = from; i <= to; i += 1) sum += values[i] as number;
  return sum / (to - from + 1);
};
const movers = await reader.movers();
let right = 0;
const moverErrors: number[] = [];
for (const row of movers) {
  const level = labelLevel.get(`${row.category}\u0000${row.label}`) as number[];
  const truePct = (meanOver(level, last - 6, last) / meanOver(level, last - 13, last - 7) - 1) * 100;
  if (row.pct_change >= 0 === truePct >= 0) right += 1;
  moverErrors.push(Math.abs(row.pct_change - truePct));
}
const moversDirection = right / movers.length;
const moversMedianError = median(moverErrors);

// ---- value: trend and verdict --------------------------------------------------------------------
const byTitle = new Map(truth.cards.map((card) => [card.title, card]));
const titleOf = new Map<number, string>();
const cellCounts = db.prepare(
  `SELECT card_id, grade, sum(sold_at > @mid) AS recent, sum(sold_at <= @mid) AS earlier
     FROM sales WHERE card_id IN (SELECT value FROM json_each(@ids)) AND sold_at > @start AND sold_at <= @asOf
    GROUP BY card_id, grade`,
);
const lastSaleCell = db.prepare(
  `SELECT card_id, grade FROM sales
    WHERE card_id IN (SELECT value FROM json_each(@ids)) AND sold_at = @at AND price = @price LIMIT 1`,
);
const dayIndex = (ms: number) => truth.cardDays - 1 - Math.floor((asOfMs - ms) / DAY_MS);

/** The true 30-day change (%) of the cells the query's sales of the last 60 days come from. */
function trueTrend(cards: CardTruth[], ids: number[]): number | null {
  const rows = cellCounts.all({
    ids: JSON.stringify(ids),
    mid: asOfMs - 30 * DAY_MS,
    start: asOfMs - 60 * DAY_MS,
    asOf: asOfMs,
  }) as { card_id: number; grade: string; recent: number; earlier: number }[];
  let weighted = 0;
  let weights = 0;
  for (const row of rows) {
    const card = byTitle.get(titleOf.get(row.card_id) as string);
    if (!card || !cards.includes(card)) return null;
    const days = (from: number, to: number) => {
      let sum = 0;
      for (let i = from; i <= to; i += 1) sum += truePrice(card, row.grade, i);
      return sum / (to - from + 1);
    };
    const end = truth.cardDays - 1;
    const weight = row.recent + row.earlier;
    weighted += weight * Math.log(days(end - 29, end) / days(end - 59, end - 30));
    weights += weight;
  }
  return weights === 0 ? null : (Math.exp(weighted / weights) - 1) * 100;
}

for (const row of db.prepare('SELECT id, title FROM cards').all() as { id: number; title: string }[]) {
  titleOf.set(row.id, row.title);
}
const popular = [...truth.cards].sort((a, b) => b.expectedSales - a.expectedSales);
const pairs: { api: number; truth: number }[] = [];
let verdicts = 0;
let verdictEqual = 0;
let discountAtCap = 0;
let confidenceZero = 0;
let trueDiscountOver30 = 0;
const examples: string[] = [];
for (const card of popular) {
  if (verdicts >= QUERIES) break;
  const ids = await reader.matchCards(queryWords(card.title));
  const matched = ids.map((id) => byTitle.get(titleOf.get(id) as string));
  if (matched.some((item) => item === undefined)) continue; // a variant without a true path
  let answer: EnrichedValueData;
  try {
    answer = await analytics.enrichedValue({ q: card.title });
  } catch (error) {
    if (error instanceof AnalyticsError) continue;
    throw error;
  }
  const cards = matched as CardTruth[];
  const trend = trueTrend(cards, ids);
  if (trend !== null && answer.trend_30d !== null) pairs.push({ api: answer.trend_30d, truth: trend });

  const at = Date.parse(answer.last_sale_date);
  const cell = lastSaleCell.get({ ids: JSON.stringify(ids), at, price: answer.last_sale }) as {
    card_id: number;
    grade: string;
  };
  const cellCard = byTitle.get(titleOf.get(cell.card_id) as string) as CardTruth;
  const fair = truePrice(cellCard, cell.grade, dayIndex(at));
  const trueDiscount = ((fair - answer.last_sale) / fair) * 100;
  const expected = buyScoreBreakdown({
    discountPct: trueDiscount,
    trendPct: trend,
    liquidity: answer.liquidity,
    confidence: answer.confidence,
  });
  verdicts += 1;
  if (expected.verdict === answer.verdict) verdictEqual += 1;
  if (Math.abs(trueDiscount) > 30) trueDiscountOver30 += 1;
  if (answer.confidence === 0) confidenceZero += 1;
  const apiD = discountOf(answer);
  if (apiD !== null && Math.abs(apiD) >= 30) discountAtCap += 1;
  if (examples.length < 5 && card.anchored) {
    examples.push(
      `| ${card.title} | ${answer.trend_30d ?? 'null'} | ${trend === null ? 'n/a' : trend.toFixed(2)} | ${answer.verdict} | ${expected.verdict} |`,
    );
  }
}

/** The discount the answer used: from last_sale_comps when the server sends it, else last sale vs value. */
function discountOf(answer: EnrichedValueData): number | null {
  const comps = (answer as { last_sale_comps?: { median: number | null; sales: number } }).last_sale_comps;
  if (comps !== undefined) {
    return comps.median !== null && comps.sales >= 3
      ? ((comps.median - answer.last_sale) / comps.median) * 100
      : 0;
  }
  return answer.value > 0 ? ((answer.value - answer.last_sale) / answer.value) * 100 : null;
}

function correlation(points: { api: number; truth: number }[]): number {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.api, 0) / n;
  const my = points.reduce((s, p) => s + p.truth, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    sxy += (p.api - mx) * (p.truth - my);
    sxx += (p.api - mx) ** 2;
    syy += (p.truth - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const trendCorrelation = correlation(pairs);

// ---- sales index: the 20 labels with the most sales against their true level ---------------------
const { weeks, startMs } = salesIndexWeeks(asOfMs);
const dayOfTruth = (ms: number) =>
  Math.floor(ms / DAY_MS) - Date.parse(`${truth.firstDate}T00:00:00Z`) / DAY_MS;
/** The true level of a week: the mean of the label's true daily level over the week's 7 days. */
const trueWeek = (level: number[], week: number) => {
  const lastDay = dayOfTruth(asOfMs - (week - 1) * 7 * DAY_MS);
  return meanOver(level, lastDay - 6, lastDay);
};
const busiest = db
  .prepare(
    `SELECT c.category, c.label, count(*) AS n FROM sales s JOIN cards c ON c.id = s.card_id
      WHERE s.sold_at > ? GROUP BY c.category, c.label ORDER BY n DESC, c.label LIMIT 20`,
  )
  .all(startMs) as { category: string; label: string; n: number }[];
const indexCorrelations: number[] = [];
const wholeErrors: number[] = [];
const pooled: { api: number; truth: number }[] = [];
const indexExamples: string[] = [];
for (const { category, label, n } of busiest) {
  const level = labelLevel.get(`${category}\u0000${label}`) as number[];
  const { series } = await analytics.salesIndex({ label, category: category as Category });
  const byWeek = series.map((point) => point.index); // week J first
  const changes: { api: number; truth: number }[] = [];
  for (let i = 1; i < byWeek.length; i += 1) {
    const week = weeks - i; // the later week of the pair
    changes.push({
      api: Math.log((byWeek[i] as number) / (byWeek[i - 1] as number)),
      truth: Math.log(trueWeek(level, week) / trueWeek(level, week + 1)),
    });
  }
  pooled.push(...changes);
  const r = correlation(changes);
  indexCorrelations.push(r);
  const apiWhole = ((byWeek.at(-1) as number) / 100 - 1) * 100;
  const trueWhole = (trueWeek(level, 1) / trueWeek(level, weeks) - 1) * 100;
  wholeErrors.push(Math.abs(apiWhole - trueWhole));
  indexExamples.push(
    `| ${category} / ${label} | ${n} | ${r.toFixed(2)} | ${apiWhole.toFixed(1)} % | ${trueWhole.toFixed(1)} % |`,
  );
}
const indexMedianCorrelation = median(indexCorrelations);
const indexPooledCorrelation = correlation(pooled);
const indexMedianWholeError = median(wholeErrors);

// ---- /v1/accuracy against an independent recomputation of the decided method ------------------
const accuracy = await analytics.accuracy();
const recomputed = recomputeAccuracy();
const accuracyEqual =
  JSON.stringify(recomputed) ===
  JSON.stringify({
    overall: windowFigures(accuracy.overall),
    by_category: accuracy.by_category.map(windowFigures),
    by_liquidity: accuracy.by_liquidity.map(windowFigures),
  });

/** A row without its next-sale figures (the recomputation below checks the window median's). */
function windowFigures<T extends { next_sale?: unknown }>({ next_sale, ...rest }: T): Omit<T, 'next_sale'> {
  return rest;
}

/** decisions.md, "Published accuracy", written again from the text: plain arrays, no shared code. */
function recomputeAccuracy() {
  const rows = db
    .prepare(
      'SELECT s.card_id, s.grade, s.price, s.sold_at, c.category FROM sales s JOIN cards c ON c.id = s.card_id',
    )
    .raw()
    .all() as [number, string, number, number, string][];
  const cells = new Map<string, { t: number; p: number }[]>();
  const categoryOf = new Map<string, string>();
  for (const [card, grade, price, at, category] of rows) {
    const key = `${card} ${grade}`;
    const list = cells.get(key) ?? [];
    cells.set(key, list);
    list.push({ t: at, p: price });
    categoryOf.set(key, category);
  }
  const pct = (sorted: number[], f: number) => {
    const rank = (sorted.length - 1) * f;
    const lo = Math.floor(rank);
    const hi = Math.min(sorted.length - 1, lo + 1);
    return (sorted[lo] as number) + (rank - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
  };
  const groups = new Map<string, { inside: number; errors: number[] }>();
  const add = (key: string, inside: boolean, error: number) => {
    const g = groups.get(key) ?? { inside: 0, errors: [] };
    groups.set(key, g);
    if (inside) g.inside += 1;
    g.errors.push(error);
  };
  for (const [key, sales] of cells) {
    for (const s of sales) {
      if (s.t <= asOfMs - 84 * DAY_MS || s.t > asOfMs) continue;
      const before = (days: number) => sales.filter((o) => o.t < s.t && o.t > s.t - days * DAY_MS);
      let window = before(90);
      if (window.length < 5) window = before(365);
      if (window.length < 3) continue;
      const sorted = window.map((o) => o.p).sort((a, b) => a - b);
      const value = pct(sorted, 0.5);
      const inside = pct(sorted, 0.25) <= s.p && s.p <= pct(sorted, 0.75);
      const error = ((s.p - value) / value) * 100;
      const tier = window.length >= 30 ? 'liquid' : window.length >= 10 ? 'steady' : 'thin';
      add('overall', inside, error);
      add(`c ${categoryOf.get(key)}`, inside, error);
      add(`t ${tier}`, inside, error);
    }
  }
  // Half away from zero, to 2 decimals, as every percentage on output.
  const round = (v: number) => (Math.sign(v) * Math.round(Math.abs(v) * 100)) / 100 || 0;
  const row = (key: string) => {
    const g = groups.get(key) as { inside: number; errors: number[] };
    const sorted = [...g.errors].sort((a, b) => a - b);
    const abs = g.errors.map(Math.abs).sort((a, b) => a - b);
    return {
      sales_scored: g.errors.length,
      coverage_iqr: round((100 * g.inside) / g.errors.length),
      median_abs_pct_error: round(pct(abs, 0.5)),
      bias_pct: round(pct(sorted, 0.5)),
    };
  };
  const categories = [...groups.keys()]
    .filter((k) => k.startsWith('c '))
    .map((k) => k.slice(2))
    .sort();
  return {
    overall: row('overall'),
    by_category: categories.map((category) => ({ category, ...row(`c ${category}`) })),
    by_liquidity: (['thin', 'steady', 'liquid'] as const)
      .filter((tier) => groups.has(`t ${tier}`))
      .map((tier) => ({ tier, ...row(`t ${tier}`) })),
  };
}

// ---- what the two derived tables add to a rebuild ------------------------------------------------
const timed = <T>(run: () => T): [T, number] => {
  const t0 = performance.now();
  const result = run();
  return [result, performance.now() - t0];
};
const cardGroups = new Map(
  (db.prepare('SELECT id, category, label FROM cards').raw().all() as [number, string, string][]).map(
    ([id, category, label]) => [id, [category, label] as const],
  ),
);
const [, salesIndexMs] = timed(() =>
  computeSalesIndex(
    db
      .prepare(
        'SELECT card_id, grade, price, sold_at FROM sales WHERE sold_at > ? AND sold_at <= ? ORDER BY sold_at, id',
      )
      .raw()
      .all(startMs, asOfMs) as SalesIndexSaleTuple[],
    cardGroups,
    asOfMs,
  ),
);
const accuracyRows = db
  .prepare(
    'SELECT card_id, grade, price, sold_at FROM sales INDEXED BY sales_by_card_time WHERE sold_at > ? AND sold_at <= ? ORDER BY card_id, sold_at, id',
  )
  .raw()
  .all(accuracyReadAfter(asOfMs), asOfMs) as AccuracySaleTuple[];
const [, accuracyMs] = timed(() => computeAccuracy(accuracyRows, cardGroups, asOfMs));

// ---- the next sale on the labels that fell most ---------------------------------------------------
// The published outcomes of the last 84 days; the labels ranked by their chained index's change over
// the 52 weeks from week 53 to week 1; the quarter that fell most; the median signed error of the
// next-sale estimate and of the window median on their scored sales.
const nextMarket = prepareMarket(accuracyRows, cardGroups, asOfMs);
const { outcomes } = publishedOutcomes(nextMarket, NEXT_SALE_CONSTANTS);
const labelChanges = [...nextMarket.chainLevels]
  .map(([key, levels]) => ({ key, change: (levels[1] as number) - (levels[LIVE_INDEX_WEEKS] as number) }))
  .sort((a, b) => a.change - b.change);
const fallen = new Set(labelChanges.slice(0, Math.ceil(labelChanges.length / 4)).map((label) => label.key));
const fallenSigned = { next: [] as number[], window: [] as number[] };
for (const { cell, price, window, next } of outcomes) {
  if (next === null || !fallen.has(`${cell.category}\u0000${cell.label}`)) continue;
  fallenSigned.next.push(((price - next.estimate) / next.estimate) * 100);
  fallenSigned.window.push(((price - window.value) / window.value) * 100);
}
const fallenWorst = labelChanges[0];
const fallenEdge = labelChanges[fallen.size - 1];
const loadAverage = loadavg()[0]?.toFixed(1);
db.close();
rmSync(dir, { recursive: true, force: true });

const now = {
  moversListed: movers.length,
  moversDirection,
  moversMedianError,
  trendQueries: pairs.length,
  trendCorrelation,
  verdictQueries: verdicts,
  verdictEqual: verdictEqual / verdicts,
  discountAtCap: discountAtCap / verdicts,
  confidenceZero: confidenceZero / verdicts,
};
console.log(JSON.stringify(now, null, 2));
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const met = (ok: boolean) => (ok ? 'met' : '**missed**');
const lines = [
  '## Accuracy against the demo generator’s truth',
  '',
  `\`npm run bench -- accuracy\` (e2e/bench/accuracy.bench.ts). Full demo market, seed ${SEED}, as of ${AS_OF}, with the generator's true price paths (\`npm run seed -- --truth FILE\` writes the same). "Before" is the same benchmark on the same market with the analytics from before the like-for-like issue (commit 6af447c: mean of all sales for movers, median of all sales for the trend and the discount); "now" is this run. On the old demo market the reviewers measured, before: direction right for 55 % of 184 labels, median error 28.7 points, trend correlation 0.29, verdict equal in 62 of 300.`,
  '',
  '| measure | before | now | target |',
  '|---|---|---|---|',
  `| movers: labels listed | ${BEFORE.moversListed} | ${now.moversListed} | |`,
  `| movers: direction right | ${pct(BEFORE.moversDirection)} | ${pct(now.moversDirection)} | >= 80 % ${met(now.moversDirection >= 0.8)} |`,
  `| movers: median absolute error of pct_change | ${BEFORE.moversMedianError.toFixed(1)} points | ${now.moversMedianError.toFixed(1)} points | <= 5 ${met(now.moversMedianError <= 5)} |`,
  `| trend_30d: correlation with the true 30-day change | ${BEFORE.trendCorrelation.toFixed(2)} (${BEFORE.trendQueries} queries with a trend) | ${now.trendCorrelation.toFixed(2)} (${now.trendQueries} queries) | >= 0.8 over >= 300 ${met(now.trendCorrelation >= 0.8 && now.trendQueries >= 300)} |`,
  `| verdict equal to the verdict of the true inputs | ${pct(BEFORE.verdictEqual)} of ${BEFORE.verdictQueries} | ${pct(now.verdictEqual)} of ${now.verdictQueries} | >= 50 % ${met(now.verdictEqual >= 0.5)} |`,
  `| discount at its +-30 cap | ${pct(BEFORE.discountAtCap)} | ${pct(now.discountAtCap)} | (true discount beyond 30 %: ${pct(trueDiscountOver30 / verdicts)}) |`,
  `| confidence 0 | ${pct(BEFORE.confidenceZero)} | ${pct(now.confidenceZero)} | |`,
  '',
  `Queries: the ${QUERIES} most-traded cards whose full title (typed without quotes) matches only cards with a true path; the title may also match variants (1st Edition, Shadowless, parallels), whose sales the answer aggregates. A few anchored cards:`,
  '',
  '| query | trend_30d | true trend | verdict | verdict of the true inputs |',
  '|---|---|---|---|---|',
  ...examples,
  '',
  '### The sales index against the true label level',
  '',
  `The ${busiest.length} labels with the most sales since the index's base week (${weeks} weeks, base ${accuracyBaseDate()}): each week's log change of \`/v1/sales-index\` against the log change of the label's true level (the mean of its true daily level over the week's 7 days), and the change over the whole series.`,
  '',
  '| measure | now | target |',
  '|---|---|---|',
  `| weekly log changes: median correlation over the labels | ${indexMedianCorrelation.toFixed(2)} (pooled over all their weeks: ${indexPooledCorrelation.toFixed(2)}) | >= 0.9 ${met(indexMedianCorrelation >= 0.9)} |`,
  `| change over the whole series: median absolute error | ${indexMedianWholeError.toFixed(1)} points | <= 3 ${met(indexMedianWholeError <= 3)} |`,
  '',
  '| label | sales | correlation of weekly changes | index change | true change |',
  '|---|---|---|---|---|',
  ...indexExamples,
  '',
  '### Published accuracy (`/v1/accuracy`) on the full demo market',
  '',
  `Equal to an independent recomputation of the decided method (written again in the bench from decisions.md, every sale's window filtered from the cell's full list): **${accuracyEqual ? 'yes' : 'NO'}**. ${accuracy.overall.sales_scored} sales of the last 84 days scored.`,
  '',
  '| rows | sales scored | inside p25..p75 | median abs error | bias |',
  '|---|---|---|---|---|',
  `| overall | ${accuracy.overall.sales_scored} | ${accuracy.overall.coverage_iqr} % | ${accuracy.overall.median_abs_pct_error} % | ${accuracy.overall.bias_pct} % |`,
  ...accuracy.by_liquidity.map(
    (row) =>
      `| ${row.tier} | ${row.sales_scored} | ${row.coverage_iqr} % | ${row.median_abs_pct_error} % | ${row.bias_pct} % |`,
  ),
  '',
  '### The next sale (`next_sale`) on the full demo market',
  '',
  `Each scored sale of the last 84 days against the next-sale range \`/v3/value\` would have given just before it, calibrated on days 85-168 (out of sample); the window median's error beside it. Constants: half-life ${NEXT_SALE_CONSTANTS.halfLifeDays} days, shrinkage ${NEXT_SALE_CONSTANTS.shrinkComps} pseudo-comps, staleness ${NEXT_SALE_CONSTANTS.staleVariancePerYear} of log-variance a year.`,
  '',
  '| rows | scored | coverage (target 80) | below | above | median abs error: estimate / window median | ratio | within 10 % | median width | interval score |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...nextSaleRows(),
  '',
  `Targets: overall coverage 78-82 % ${met(nextSaleTargets().overall)}; every tier and band with >= 200 scored sales 75-85 % ${met(nextSaleTargets().rows)}; below and above each 7-13 % ${met(nextSaleTargets().sides)}; the estimate's median absolute error at most 0.9 x the window median's, overall and per tier ${met(nextSaleTargets().error)}.`,
  '',
  `The quarter of labels whose chained index fell most over the 52 weeks (${fallen.size} of ${labelChanges.length} labels; from ${pctChange(fallenWorst?.change ?? 0)} to ${pctChange(fallenEdge?.change ?? 0)}), ${fallenSigned.next.length} scored sales: median signed error of the estimate ${median(fallenSigned.next).toFixed(2)} % (target within +-3 % ${met(Math.abs(median(fallenSigned.next)) <= 3)}); of the window median ${median(fallenSigned.window).toFixed(2)} %.`,
  '',
  `Server start on this store (\`npm start\`'s bundle of main.ts, 3 runs, 1-minute load average ${startLoad}): spawn to listening ${seconds(starts.map((start) => start.listeningMs))} (target: under 3 s); spawn to the end of the integrity check begun at start, which goes on after listening, ${seconds(starts.map((start) => start.checkedMs))}.`,
  '',
  `Rebuild cost of the two derived tables (their computation, SQLite, 1-minute load average ${loadAverage}): sales index ${(salesIndexMs / 1000).toFixed(2)} s, accuracy with the next sale's backtest and calibration ${(accuracyMs / 1000).toFixed(2)} s (${((100 * accuracyMs) / 1000 / seedSeconds).toFixed(0)} % of the seed); the whole seed with truth took ${seedSeconds.toFixed(1)} s (target: under 60 s).`,
  '',
];
function pctChange(logChange: number): string {
  return `${(100 * Math.expm1(logChange)).toFixed(1)} %`;
}
function nextSaleRowsOf() {
  return [
    { name: 'overall', row: accuracy.overall, tier: true },
    ...accuracy.by_liquidity.map((row) => ({ name: row.tier, row, tier: true })),
    ...accuracy.by_price_band.map((row) => ({ name: row.band, row, tier: false })),
  ];
}
function nextSaleRows(): string[] {
  return nextSaleRowsOf().map(({ name, row }) => {
    const n = row.next_sale;
    if (n === null || n === undefined) return `| ${name} | 0 | | | | | | | | |`;
    const ratio = n.median_abs_pct_error / row.median_abs_pct_error;
    return `| ${name} | ${n.scored} | ${n.coverage} % | ${n.below_pct} % | ${n.above_pct} % | ${n.median_abs_pct_error} % / ${row.median_abs_pct_error} % | ${ratio.toFixed(2)} | ${n.within_10_pct} % | ${n.median_width_pct} % | ${n.interval_score} |`;
  });
}
function nextSaleTargets() {
  const rows = nextSaleRowsOf();
  const overall = accuracy.overall.next_sale;
  return {
    overall: overall != null && overall.coverage >= 78 && overall.coverage <= 82,
    rows: rows.every(
      ({ row }) =>
        (row.next_sale?.scored ?? 0) < 200 ||
        ((row.next_sale?.coverage ?? 0) >= 75 && (row.next_sale?.coverage ?? 0) <= 85),
    ),
    sides: overall != null && [overall.below_pct, overall.above_pct].every((pct) => pct >= 7 && pct <= 13),
    error: rows
      .filter(({ tier }) => tier)
      .every(
        ({ row }) =>
          (row.next_sale?.median_abs_pct_error ?? Number.POSITIVE_INFINITY) <= 0.9 * row.median_abs_pct_error,
      ),
  };
}
function accuracyBaseDate(): string {
  return new Date(asOfMs - (weeks - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
}
const out = process.env.SLAB_BENCH_OUT;
if (out) writeFileSync(out, `${lines.join('\n')}\n`);
console.log(lines.join('\n'));
