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
    }
  | { status: 'no_sales' }
  | { status: 'pending' }
  | { status: 'failed'; message: string };

export interface LineWorth {
  item: CollectionItem;
  pair: PairValue;
  /** value x quantity, low x quantity, high x quantity; null unless valued. */
  value: number | null;
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
  /** The sum of the lines' lows (p25) and of their highs (p75). */
  low: number;
  high: number;
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
      a.windowDays === b.windowDays
    );
  if (a.status === 'failed' && b.status === 'failed') return a.message === b.message;
  return a.status === b.status && a.status !== 'valued' && a.status !== 'failed';
}

/** Whether two lines show the same: the same item (lines are replaced, never changed in place) and answer. */
export const sameLine = (a: LineWorth, b: LineWorth): boolean =>
  a.item === b.item && samePairValue(a.pair, b.pair);

/** Each line's worth and the collection's totals, in cents. */
export function collectionWorth(
  items: readonly CollectionItem[],
  values: ReadonlyMap<string, PairValue>,
): CollectionWorth {
  const totals: CollectionWorth = {
    lines: [],
    value: 0,
    low: 0,
    high: 0,
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
    const cost = item.cost === null ? null : cents(item.cost * item.quantity);
    const value = valued ? cents(valued.value * item.quantity) : null;
    const line: LineWorth = {
      item,
      pair,
      value,
      low: valued ? cents(valued.low * item.quantity) : null,
      high: valued ? cents(valued.high * item.quantity) : null,
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
    if (line.value !== null && line.low !== null && line.high !== null) {
      totals.value = cents(totals.value + line.value);
      totals.low = cents(totals.low + line.low);
      totals.high = cents(totals.high + line.high);
      totals.valuedCopies += item.quantity;
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
