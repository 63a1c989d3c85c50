import type { MarketWriter } from '../store/market-writer';
import { DAY_MS } from '../store/time';
import { drawGrade, type GradeMix } from './grade-model';
import { marketPrice } from './price-paths';
import type { Prng } from './prng';

/** One card's market: its grades and the model price of a grade on a day (UTC day number). */
export interface CardMarket {
  cardId: number;
  grades: GradeMix;
  priceOn(day: number, gradeIndex: number): number;
}

/** Days of the sales history: `days` days from `firstDay`. */
export interface HistorySpan {
  firstDay: number;
  days: number;
}

/**
 * The card's sales: `count` times spread over the history with volume rising over the period (the
 * market grows), in time order; grade by the mix, price = model price with ~12% sale noise.
 */
export function writeCardSales(
  writer: MarketWriter,
  prng: Prng,
  market: CardMarket,
  span: HistorySpan,
  count: number,
): void {
  const times = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    const x = growingVolume(prng.next());
    const day = span.firstDay + Math.min(span.days - 1, Math.floor(x * span.days));
    times[i] = day * DAY_MS + Math.floor(prng.next() * 86_400) * 1000;
  }
  times.sort();
  for (const soldAt of times) {
    const gradeIndex = drawGrade(market.grades, prng);
    const price = marketPrice(
      market.priceOn(Math.floor(soldAt / DAY_MS), gradeIndex) * Math.exp(0.12 * prng.normal()),
    );
    writer.insertSale({
      cardId: market.cardId,
      grade: market.grades.grades[gradeIndex] as string,
      price,
      soldAt,
    });
  }
}

export const LISTING_MEAN_DAYS = 28;

/**
 * The card's listings over `span` days from `firstDay`: about `concurrent` up at any time, each up
 * for an exponential ~4 weeks, asking 5-45% over the model price; those not ended by the end of the
 * as-of day are active. Returns how many were written.
 */
export function writeCardListings(
  writer: MarketWriter,
  prng: Prng,
  market: CardMarket,
  window: { firstDay: number; span: number; asOfDay: number },
  concurrent: number,
): number {
  const count = Math.round((concurrent * window.span) / LISTING_MEAN_DAYS + prng.next() - 0.5);
  const asOfEnd = (window.asOfDay + 1) * DAY_MS;
  for (let i = 0; i < count; i += 1) {
    const listedAt = (window.firstDay + prng.next() * window.span) * DAY_MS;
    const listedMs = Math.floor(listedAt / 1000) * 1000;
    const duration = Math.max(0.5, -Math.log(1 - prng.next()) * LISTING_MEAN_DAYS) * DAY_MS;
    const endMs = Math.floor((listedMs + duration) / 1000) * 1000;
    const gradeIndex = drawGrade(market.grades, prng);
    const ask = marketPrice(
      market.priceOn(Math.floor(listedMs / DAY_MS), gradeIndex) * (1.05 + 0.4 * prng.next()),
    );
    writer.insertListing({
      cardId: market.cardId,
      grade: market.grades.grades[gradeIndex] as string,
      price: ask,
      listedAt: listedMs,
      endedAt: endMs < asOfEnd ? endMs : null,
    });
  }
  return count;
}

/** Position in [0, 1) drawn with density rising 40% from the first day to the last. */
function growingVolume(u: number): number {
  const a = 0.4;
  return (-1 + Math.sqrt(1 + 2 * a * u * (1 + a / 2))) / a;
}
