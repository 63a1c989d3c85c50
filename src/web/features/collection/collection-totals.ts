import type { NextSale } from '../../../contract/resources';
import { type CollectionItem, pairKey } from '../../lib/collection/collection-item';

/** Fewer sales than this behind a value and it is flagged (the same 5 below which the API widens its window). */
export const FEW_SALES = 5;

/** What the API said about one card in one grade (`/v1/value`). */
export type PairValue =
  | {
      status: 'valued';
      value: number;
      low: number;
      high: number;
      sampleSize: number;
      confidence: number;
      windowDays: number;
      /** The estimate of the next sale and its range; null without one (too few sales), undefined from a server that sends none. */
      nextSale?: NextSale | null | undefined;
    }
  | { status: 'no_sales' }
  | { status: 'pending' }
  | { status: 'failed'; message: string };

export interface LineWorth {
  item: CollectionItem;
  pair: PairValue;
  /**
   * The worth x quantity: the estimate of the next sale, or (`estimated` false) the window's median;
   * null unless valued.
   */
  value: number | null;
  estimated: boolean;
  /** The range x quantity: the next sale's 80 % range (the middle half of sales from a server without estimates); null when left out of the total's range. */
  low: number | null;
  high: number | null;
  /** cost x quantity; null without a cost. */
  cost: number | null;
  /** value - cost; null unless both. */
  gain: number | null;
  fewSales: boolean;
}

export interface CollectionWorth {
  lines: LineWorth[];
  /** Sums over the valued lines. */
  value: number;
  /** What the lines' ranges are: the next sale's (when the server sends estimates) or the middle half of sales. */
  range: 'next-sale' | 'middle-half';
  /** The sum of the lines' lows and of their highs, over the lines in the range. */
  low: number;
  high: number;
  /** Valued lines without a range (no estimate), left out of the total's range. */
  outOfRange: LineWorth[];
  copies: number;
  valuedCopies: number;
  /** Lines with no sale in 365 days, or not answered (yet). */
  unvalued: number;
  pending: number;
  fewSales: number;
  /** Over the lines with a cost; gain over the lines with a cost and a value. */
  cost: number;
  costedLines: number;
  gain: number;
  /** The cost of the lines that have both a cost and a value: what `gain` compares with. */
  gainBasis: number;
}

const cents = (value: number): number => Math.round(value * 100) / 100;

const sameNextSale = (a: NextSale | null | undefined, b: NextSale | null | undefined): boolean =>
  a === b ||
  (a != null &&
    b != null &&
    a.estimate === b.estimate &&
    a.low === b.low &&
    a.high === b.high &&
    a.level === b.level &&
    a.sales_used === b.sales_used);

/** Whether two answers about a pair say the same (the line showing them need not be drawn again). */
export function samePairValue(a: PairValue, b: PairValue): boolean {
  if (a === b) return true;
  if (a.status === 'valued' && b.status === 'valued')
    return (
      a.value === b.value &&
      a.low === b.low &&
      a.high === b.high &&
      a.sampleSize === b.sampleSize &&
      a.confidence === b.confidence &&
      a.windowDays === b.windowDays &&
      sameNextSale(a.nextSale, b.nextSale)
    );
  if (a.status === 'failed' && b.status === 'failed') return a.message === b.message;
  return a.status === b.status && a.status !== 'valued' && a.status !== 'failed';
}

/** Whether two lines show the same: the same item (lines are replaced, never changed in place) and answer. */
export const sameLine = (a: LineWorth, b: LineWorth): boolean =>
  a.item === b.item && samePairValue(a.pair, b.pair);

/**
 * Each line's worth and the collection's totals, in cents (decisions.md, "Collections"): a line is
 * worth its estimate x quantity; without an estimate, its window median, marked, and it is left out
 * of the range. The total's range is the sum of the lines' lows and of their highs (the range if the
 * cards move together). From a server that sends no estimates, the medians and middle halves.
 */
export function collectionWorth(
  items: readonly CollectionItem[],
  values: ReadonlyMap<string, PairValue>,
): CollectionWorth {
  const range = [...values.values()].some((pair) => pair.status === 'valued' && pair.nextSale !== undefined)
    ? 'next-sale'
    : 'middle-half';
  const totals: CollectionWorth = {
    lines: [],
    value: 0,
    range,
    low: 0,
    high: 0,
    outOfRange: [],
    copies: 0,
    valuedCopies: 0,
    unvalued: 0,
    pending: 0,
    fewSales: 0,
    cost: 0,
    costedLines: 0,
    gain: 0,
    gainBasis: 0,
  };
  for (const item of items) {
    const pair = values.get(pairKey(item)) ?? { status: 'pending' };
    const valued = pair.status === 'valued' ? pair : null;
    const next = valued?.nextSale ?? null;
    const perCopy = valued === null ? null : (next?.estimate ?? valued.value);
    const span =
      next !== null
        ? next
        : valued !== null && range === 'middle-half'
          ? { low: valued.low, high: valued.high }
          : null;
    const cost = item.cost === null ? null : cents(item.cost * item.quantity);
    const value = perCopy === null ? null : cents(perCopy * item.quantity);
    const line: LineWorth = {
      item,
      pair,
      value,
      estimated: next !== null,
      low: span === null ? null : cents(span.low * item.quantity),
      high: span === null ? null : cents(span.high * item.quantity),
      cost,
      gain: value !== null && cost !== null ? cents(value - cost) : null,
      fewSales: valued !== null && valued.sampleSize < FEW_SALES,
    };
    totals.lines.push(line);
    totals.copies += item.quantity;
    if (cost !== null) {
      totals.cost = cents(totals.cost + cost);
      totals.costedLines += 1;
    }
    if (line.value !== null) {
      totals.value = cents(totals.value + line.value);
      totals.valuedCopies += item.quantity;
      if (line.low !== null && line.high !== null) {
        totals.low = cents(totals.low + line.low);
        totals.high = cents(totals.high + line.high);
      } else totals.outOfRange.push(line);
      if (cost !== null && line.gain !== null) {
        totals.gain = cents(totals.gain + line.gain);
        totals.gainBasis = cents(totals.gainBasis + cost);
      }
    } else {
      totals.unvalued += 1;
      if (pair.status === 'pending') totals.pending += 1;
    }
    if (line.fewSales) totals.fewSales += 1;
  }
  return totals;
}
