import type { ValueParams } from '../../contract/params';
import type { EnrichedValueData, MatchedCard } from '../../contract/resources';
import type { MarketReader, SaleColumns } from '../store/market-reader';
import { DAY_MS, isoOfMs } from '../store/time';
import { buyScoreFor } from './buy-score';
import { salesInWindow } from './card-sales';
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
  const sample = valueSample(reader, params, salesInWindow);
  const core = valueCore(params, sample);
  const recent =
    sample.windowDays === VALUE_WINDOW_DAYS
      ? sample.sales
      : salesInWindow(reader, sample.cardIds, sample.asOfMs, VALUE_WINDOW_DAYS, {
          grade: params.grade,
          minPrice: params.min_price,
          maxPrice: params.max_price,
        });
  const last30: number[] = [];
  const previous30: number[] = [];
  const cut30 = sample.asOfMs - 30 * DAY_MS;
  const cut60 = sample.asOfMs - 60 * DAY_MS;
  for (let i = 0; i < recent.price.length; i += 1) {
    const soldAt = recent.soldAt[i] as number;
    if (soldAt > cut30) last30.push(recent.price[i] as number);
    else if (soldAt > cut60) previous30.push(recent.price[i] as number);
  }
  const last = lastSale(sample);
  const trend = trendPct(last30, previous30);
  const liquidity = liquidityScore(recent.price.length);
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
    sales_90d: recent.price.length,
    trend_30d: trend === null ? null : roundPct(trend),
    population: null,
    watchers: null,
    window_days: sample.windowDays,
    matched_cards: matchedCards(reader, sample),
  };
}

/** The most recent sale of the sample (ties on time: the higher price). */
function lastSale(sample: ValueSample<SaleColumns>): { price: number; soldAt: number } {
  const { soldAt, price } = sample.sales;
  let best = 0;
  for (let i = 1; i < soldAt.length; i += 1) {
    const later = (soldAt[i] as number) - (soldAt[best] as number);
    if (later > 0 || (later === 0 && (price[i] as number) > (price[best] as number))) best = i;
  }
  return { price: price[best] as number, soldAt: soldAt[best] as number };
}

/**
 * The distinct matched cards with their sales in the value sample, top 20 by sales, then by title,
 * category and label. Cards without a sale in the sample count 0 and fill the list last.
 */
function matchedCards(reader: MarketReader, sample: ValueSample<SaleColumns>): MatchedCard[] {
  const counts = new Map<number, number>();
  for (const id of sample.sales.cardId) counts.set(id, (counts.get(id) ?? 0) + 1);
  const ranked = [...sample.cardIds].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0) || a - b);
  // Read enough cards to settle ties on the 20th place by title, not by id.
  const cutoffSales = counts.get(ranked[Math.min(ranked.length, MATCHED_CARDS_LIMIT) - 1] as number) ?? 0;
  const candidates = ranked.filter(
    (id, i) => i < MATCHED_CARDS_LIMIT || (counts.get(id) ?? 0) === cutoffSales,
  );
  const bounded = candidates.slice(0, MAX_TIED_CARDS_READ);
  return reader
    .cards(bounded)
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
