import { queryWords } from '../../contract/card-query';
import type { MarketReader, SaleFilter, SalePrices } from '../store/market-reader';
import { DAY_MS } from '../store/time';
import { AnalyticsError } from './analytics-error';

/**
 * The first step of every q-driven operation: resolve q against the card catalogue (FTS5, whole
 * words in any order), then read those cards' sales in a window ending at the store's as-of time.
 */
export interface SaleSelection {
  grade?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

/** The card ids whose titles hold every word of q; no_match when there are none. */
export function resolveCards(reader: MarketReader, q: string): number[] {
  const words = queryWords(q);
  const ids = reader.matchCards(words);
  if (ids.length === 0) {
    throw new AnalyticsError(
      'no_match',
      `No card title contains all of the words of "${q}". ${fewerWords(words)}`,
    );
  }
  return ids;
}

/** The store's as-of time (latest sale); no_match when the store has no sales at all. */
export function requireAsOf(asOfMs: number | null): number {
  if (asOfMs === null) {
    throw new AnalyticsError(
      'no_match',
      'The store has no sales yet. Import sales (npm run ingest -- sales FILE) or seed the demo market.',
    );
  }
  return asOfMs;
}

/** The filter of the window (asOf - days, asOf], with the grade and price filters. */
export function windowFilter(asOfMs: number, days: number, selection: SaleSelection): SaleFilter {
  return {
    afterMs: asOfMs - days * DAY_MS,
    untilMs: asOfMs,
    grade: selection.grade,
    minPrice: selection.minPrice,
    maxPrice: selection.maxPrice,
  };
}

/** Grades and prices of the sales of the cards in (asOf - days, asOf], with the grade and price filters. */
export function pricesInWindow(
  reader: MarketReader,
  cardIds: number[],
  asOfMs: number,
  days: number,
  selection: SaleSelection,
): SalePrices {
  return reader.salePrices(cardIds, windowFilter(asOfMs, days, selection));
}

export function noSaleError(q: string, days: number, selection: SaleSelection): AnalyticsError {
  const filters = [
    selection.grade ? `grade ${selection.grade}` : null,
    selection.minPrice !== undefined ? `min_price ${selection.minPrice}` : null,
    selection.maxPrice !== undefined ? `max_price ${selection.maxPrice}` : null,
  ].filter((part) => part !== null);
  const filterText = filters.length > 0 ? ` with ${filters.join(', ')}` : '';
  return new AnalyticsError(
    'no_match',
    `Cards match "${q}" but none sold in the last ${days} days${filterText}. ${fewerWords(queryWords(q))}${
      filters.length > 0 ? ' Or drop a filter.' : ''
    }`,
  );
}

function fewerWords(words: string[]): string {
  if (words.length <= 1) return 'Try another word of the card title, such as a player or set name.';
  return `Try fewer words, such as "${words.slice(0, Math.max(1, words.length - 1)).join(' ')}".`;
}
