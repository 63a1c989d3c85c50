import type { ValueParams } from '../../contract/params';
import type { EnrichedValueData, MatchedCard } from '../../contract/resources';
import type { MarketReader, SaleFilter } from '../store/market-reader';
import { DAY_MS, isoOfMs } from '../store/time';
import { buyScoreFor } from './buy-score';
import { pricesInWindow, windowFilter } from './card-sales';
import { compareText } from './categories';
import { liquidityScore, trendPct } from './signals';
import { roundCents, roundPct } from './stats';
import { VALUE_WINDOW_DAYS, type ValueSample, valueCore, valueSample } from './value-sample';

export const MATCHED_CARDS_LIMIT = 20;
/**
 * Cards tied at the 20th place are read and ordered by title; past this many (a broad q where
 * thousands of cards did not sell in the window) the tie goes by catalogue order instead.
 */
const MAX_TIED_CARDS_READ = 2000;

/**
 * `/v3/value`: the value data plus buy score, verdict, liquidity, last sale, 90-day sales count and
 * 30-day trend, all over the same filtered sales; plus `window_days` and `matched_cards`.
 */
export function enrichedValueData(reader: MarketReader, params: ValueParams): EnrichedValueData {
  const sample = valueSample(reader, params);
  const core = valueCore(params, sample);
  const { asOfMs, cardIds, selection } = sample;
  const sales90d =
    sample.windowDays === VALUE_WINDOW_DAYS
      ? sample.summary.n
      : pricesInWindow(reader, cardIds, asOfMs, VALUE_WINDOW_DAYS, selection).price.length;
  const months = reader.pricesAround(cardIds, windowFilter(asOfMs, 60, selection), asOfMs - 30 * DAY_MS);
  const trend = trendPct(months.after, months.before);
  const liquidity = liquidityScore(sales90d);
  const sampleFilter = windowFilter(asOfMs, sample.windowDays, selection);
  const perCard = reader.cardSales(cardIds, sampleFilter);
  const last = lastSale(reader, perCard, sampleFilter);
  const score = buyScoreFor({
    value: sample.summary.median,
    lastSale: last.price,
    trendPct: trend,
    liquidity,
    confidence: core.confidence,
  });
  return {
    ...core,
    buy_score: score.score,
    verdict: score.verdict,
    liquidity,
    last_sale: roundCents(last.price),
    last_sale_date: isoOfMs(last.soldAt),
    sales_90d: sales90d,
    trend_30d: trend === null ? null : roundPct(trend),
    population: null,
    watchers: null,
    window_days: sample.windowDays,
    matched_cards: matchedCards(reader, sample, perCard),
  };
}

/** The most recent sale of the sample; at the same time on several cards, the higher price. */
function lastSale(
  reader: MarketReader,
  perCard: Map<number, { lastSoldAt: number }>,
  filter: SaleFilter,
): { price: number; soldAt: number } {
  let soldAt = Number.NEGATIVE_INFINITY;
  for (const card of perCard.values()) soldAt = Math.max(soldAt, card.lastSoldAt);
  let price = Number.NEGATIVE_INFINITY;
  for (const [id, card] of perCard) {
    if (card.lastSoldAt === soldAt) price = Math.max(price, reader.priceAt(id, soldAt, filter) ?? price);
  }
  return { price, soldAt };
}

/**
 * The distinct matched cards with their sales in the value sample, top 20 by sales, then by title,
 * category and label. Cards without a sale in the sample count 0 and fill the list last.
 */
function matchedCards(
  reader: MarketReader,
  sample: ValueSample,
  perCard: Map<number, { sales: number }>,
): MatchedCard[] {
  const counts = new Map([...perCard].map(([id, card]) => [id, card.sales]));
  const ranked = [...sample.cardIds].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a - b);
  // Read enough cards to settle ties on the 20th place by title, not by id.
  const cutoffSales = counts.get(ranked[Math.min(ranked.length, MATCHED_CARDS_LIMIT) - 1] as number) ?? 0;
  const candidates = ranked.filter(
    (id, i) => i < MATCHED_CARDS_LIMIT || (counts.get(id) ?? 0) === cutoffSales,
  );
  return reader
    .cards(candidates.slice(0, MAX_TIED_CARDS_READ))
    .map((card) => ({
      category: card.category,
      label: card.label,
      title: card.title,
      sales: counts.get(card.id) ?? 0,
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
