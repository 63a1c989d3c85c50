import { buyScoreBreakdown, discountFromComps } from '../../contract/buy-score';
import { normalizeTitle } from '../../contract/card-query';
import type { ValueParams } from '../../contract/params';
import type { EnrichedValueData, LastSaleComps, MatchedCard } from '../../contract/resources';
import { roundCents, roundPct } from '../../contract/rounding';
import { DAY_MS, isoOfMs } from '../store/time';
import { type QueryContext, yieldIfLarge } from './card-sales';
import { compareText } from './categories';
import { weekOf } from './derived/derive-next-sale';
import { type CellPrices, sortEachCell, trendPct } from './like-for-like';
import type { MarketContext } from './market-context';
import { NO_POPULATION, populationFrom } from './population';
import { priceOfPacked } from './sale-columns';
import { liquidityScore } from './signals';
import { percentileOfSorted } from './stats';
import { type LiveModel, liveModel, nextSaleFields } from './value-next-sale';
import { type ValueSample, valueCore, valueSample } from './value-sample';

export const MATCHED_CARDS_LIMIT = 20;
/**
 * Cards tied at the 20th place are read and ordered by title; past this many (a broad q where
 * thousands of cards did not sell in the window) the tie goes by catalogue order instead.
 */
const MAX_TIED_CARDS_READ = 2000;

/**
 * `/v3/value`: the value data plus buy score, verdict, liquidity, last sale, 90-day sales count and
 * 30-day trend, all over the same filtered sales, every signal like for like (decisions.md, "Like
 * for like: cells"); plus `window_days`, `matched_cards` and `last_sale_comps`.
 */
export async function enrichedValueData(ctx: MarketContext, params: ValueParams): Promise<EnrichedValueData> {
  const context = await ctx.query();
  const sample = await valueSample(context, params);
  const core = valueCore(params, sample);
  await yieldIfLarge(sample.size);
  const trend = trendPct(...trendCells(sample, context.asOfMs));
  await yieldIfLarge(sample.size);
  const liquidity = liquidityScore(sample.sales90d);
  const last = lastSale(sample);
  const comps = lastSaleComps(context, sample, last, await liveModel(context));
  const { next_sale, by_grade } = await nextSaleFields(context, params, sample);
  // A one-card answer: the query matched one card (a broad q whose other cards did not sell is not).
  const oneCard =
    sample.cardIds.length === 1 ? context.catalogue.byId.get(sample.cardIds[0] as number) : undefined;
  const report =
    oneCard === undefined ? null : await context.reader.population(normalizeTitle(oneCard.title));
  const population =
    report !== null && params.grade !== undefined ? populationFrom(report, params.grade) : NO_POPULATION;
  const ladder =
    report === null
      ? by_grade
      : by_grade.map((rung) => {
          const counts = populationFrom(report, rung.grade);
          return { ...rung, ...counts };
        });
  const score = buyScoreBreakdown({
    discountPct: discountFromComps(last.price, comps),
    trendPct: trend,
    liquidity,
    confidence: core.confidence,
  });
  return {
    ...core,
    by_grade: ladder,
    buy_score: score.score,
    verdict: score.verdict,
    liquidity,
    last_sale: roundCents(last.price),
    last_sale_date: isoOfMs(last.soldAt),
    sales_90d: sample.sales90d,
    trend_30d: trend === null ? null : roundPct(trend),
    population: population.population,
    watchers: null,
    matched_cards: matchedCards(context, sample),
    last_sale_comps: { ...comps, median: comps.median === null ? null : roundCents(comps.median) },
    next_sale,
    population_higher: population.population_higher,
    population_as_of: population.population_as_of,
  };
}

/** The sample's cells split into the last 30 days (A) and the 30 before (B), each ascending. */
function trendCells(sample: ValueSample, asOfMs: number): [CellPrices, CellPrices] {
  const split = asOfMs - 30 * DAY_MS;
  const since = asOfMs - 60 * DAY_MS;
  const { order, start } = sample.cells;
  const { soldAt, packed } = sample.sales;
  const cellCount = start.length - 1;
  const recentStart = new Int32Array(cellCount + 1);
  const earlierStart = new Int32Array(cellCount + 1);
  for (let c = 0; c < cellCount; c += 1) {
    let recent = 0;
    let earlier = 0;
    for (let k = start[c] as number; k < (start[c + 1] as number); k += 1) {
      const time = soldAt[order[k] as number] as number;
      if (time > split) recent += 1;
      else if (time > since) earlier += 1;
    }
    recentStart[c + 1] = (recentStart[c] as number) + recent;
    earlierStart[c + 1] = (earlierStart[c] as number) + earlier;
  }
  const recent = { values: new Float64Array(recentStart[cellCount] as number), start: recentStart };
  const earlier = { values: new Float64Array(earlierStart[cellCount] as number), start: earlierStart };
  for (let c = 0; c < cellCount; c += 1) {
    let r = recentStart[c] as number;
    let e = earlierStart[c] as number;
    for (let k = start[c] as number; k < (start[c + 1] as number); k += 1) {
      const position = order[k] as number;
      const time = soldAt[position] as number;
      if (time > split) recent.values[r++] = priceOfPacked(packed[position] as number);
      else if (time > since) earlier.values[e++] = priceOfPacked(packed[position] as number);
    }
  }
  sortEachCell(recent);
  sortEachCell(earlier);
  return [recent, earlier];
}

/** The most recent sale of the sample (at the same time, the higher price) and its cell. */
function lastSale(sample: ValueSample): { price: number; soldAt: number; cell: number } {
  const { order, start } = sample.cells;
  const { soldAt, packed } = sample.sales;
  let best = { price: Number.NEGATIVE_INFINITY, soldAt: Number.NEGATIVE_INFINITY, cell: 0 };
  for (let c = 0; c + 1 < start.length; c += 1) {
    // A cell's sales are in time order: its last ones are its latest.
    const first = start[c] as number;
    let k = (start[c + 1] as number) - 1;
    const time = soldAt[order[k] as number] as number;
    if (time < best.soldAt) continue;
    let price = Number.NEGATIVE_INFINITY;
    for (; k >= first && soldAt[order[k] as number] === time; k -= 1) {
      price = Math.max(price, priceOfPacked(packed[order[k] as number] as number));
    }
    if (time > best.soldAt || price > best.price) best = { price, soldAt: time, cell: c };
  }
  return best;
}

/**
 * The last sale's card and grade, and the median (unrounded: the discount is computed from it, and
 * only the answer rounds it) and count of that cell's other sales, each restated to the last sale's
 * week by its label's chained index (decisions.md, "Discount"): p * exp(L(t_last) - L(t)).
 */
function lastSaleComps(
  context: QueryContext,
  sample: ValueSample,
  last: { price: number; soldAt: number; cell: number },
  live: LiveModel | null,
): LastSaleComps {
  const { order, start } = sample.cells;
  const { soldAt, packed } = sample.sales;
  const cardId = sample.cells.card[last.cell] as number;
  const card = context.catalogue.byId.get(cardId);
  const levels = live?.chain.get(`${card?.category ?? ''}\u0000${card?.label ?? ''}`);
  const levelAt = (ms: number) => (levels?.[weekOf(context.asOfMs, ms)] as number | undefined) ?? 0;
  const lastLevel = levelAt(last.soldAt);
  const others: number[] = [];
  let skipped = false;
  // The cell's sales are in time order: the last sale is its latest one at that price.
  for (let k = (start[last.cell + 1] as number) - 1; k >= (start[last.cell] as number); k -= 1) {
    const position = order[k] as number;
    const time = soldAt[position] as number;
    const price = priceOfPacked(packed[position] as number);
    if (!skipped && time === last.soldAt && price === last.price) {
      skipped = true;
      continue;
    }
    others.push(price * Math.exp(lastLevel - levelAt(time)));
  }
  others.sort((a, b) => a - b);
  return {
    title: card?.title ?? '',
    grade: sample.sales.gradeOfCode[sample.cells.code[last.cell] as number] as string,
    median: others.length === 0 ? null : percentileOfSorted(others, 0.5),
    sales: others.length,
  };
}

/**
 * The distinct matched cards with their sales in the value sample, top 20 by sales, then by title,
 * category and label. Cards without a sale in the sample count 0 and fill the list last.
 */
function matchedCards(context: QueryContext, sample: ValueSample): MatchedCard[] {
  const { cards, cardStart } = sample.sales;
  const { cardIds } = sample;
  // Each matched card's sales, by its place in cardIds: the sample holds the cards that sold, in
  // the order of cardIds.
  const sold = new Int32Array(cardIds.length);
  for (let c = 0, g = 0; c < cardIds.length && g < cards.length; c += 1) {
    if (cardIds[c] !== cards[g]) continue;
    sold[c] = (cardStart[g + 1] as number) - (cardStart[g] as number);
    g += 1;
  }
  const salesOf = new Map<number, number>();
  // The cards ranked by sales, then id: those above the 20th's sales, then those tied with it
  // (not a sort of every matched card: a broad q matches 4,700).
  const cutoffSales = sold.slice().sort()[Math.max(0, sold.length - MATCHED_CARDS_LIMIT)] ?? 0;
  const above: number[] = [];
  const tied: number[] = [];
  cardIds.forEach((id, c) => {
    const sales = sold[c] as number;
    if (sales > cutoffSales) above.push(id);
    else if (sales === cutoffSales) tied.push(id);
    else return;
    salesOf.set(id, sales);
  });
  above.sort((a, b) => (salesOf.get(b) as number) - (salesOf.get(a) as number) || a - b);
  tied.sort((a, b) => a - b);
  const candidates = [...above, ...tied.slice(0, MAX_TIED_CARDS_READ)];
  return candidates
    .slice(0, MAX_TIED_CARDS_READ)
    .sort((a, b) => a - b)
    .flatMap((id) => context.catalogue.byId.get(id) ?? [])
    .map((card) => ({
      category: card.category,
      label: card.label,
      title: card.title,
      sales: salesOf.get(card.id) as number,
    }))
    .sort(
      (a, b) =>
        b.sales - a.sales ||
        compareText(a.title, b.title) ||
        compareText(a.category, b.category) ||
        compareText(a.label, b.label),
    )
    .slice(0, MATCHED_CARDS_LIMIT);
}
