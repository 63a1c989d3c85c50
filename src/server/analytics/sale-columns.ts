import type { MarketReader, SaleFilter } from '../store/market-reader';
import { GRADE_CODE_SPAN } from '../store/market-reader';

/**
 * SaleColumns: every sale of the store in memory, as columns grouped by card and ordered by time,
 * loaded once per data version. The q-driven operations gather a query's sales from it with one
 * binary search per card, instead of reading them from the store on every call, which for a broad
 * query costs many times more (docs/bench/store.md). About 17 bytes a sale.
 */
export interface SaleColumns {
  dataVersion: number;
  /** Sales of card id `c` are at [start[c], start[c + 1]). */
  start: Int32Array;
  soldAt: Float64Array;
  /** cents * 128 + grade code. */
  priceGrade: Float64Array;
}

export async function loadSaleColumns(reader: MarketReader, dataVersion: number): Promise<SaleColumns> {
  const { maxCardId, counts, soldAt, priceGrade } = await reader.saleColumns();
  const start = new Int32Array(maxCardId + 2);
  let next = 0;
  let offset = 0;
  for (const [cardId, count] of counts) {
    while (next <= cardId) start[next++] = offset;
    offset += count;
  }
  while (next < start.length) start[next++] = offset;
  return {
    dataVersion,
    start,
    soldAt: soldAt instanceof Float64Array ? soldAt : Float64Array.from(soldAt),
    priceGrade: priceGrade instanceof Float64Array ? priceGrade : Float64Array.from(priceGrade),
  };
}

/**
 * A query's sales in a window, after the grade and price filters, card by card (in the order of
 * the card ids asked for), each card's sales in time order: the sales of card `cards[g]` are at
 * [cardStart[g], cardStart[g + 1]). Each sale is its price and grade packed as the store keeps them
 * (cents * 128 + grade code) and its time.
 */
export interface SaleSample {
  n: number;
  packed: Float64Array;
  soldAt: Float64Array;
  cards: Int32Array;
  cardStart: Int32Array;
  gradeOfCode: readonly string[];
}

/**
 * A packed sale's price and grade code. Floor arithmetic, not `%`: 128 is a power of two, so the
 * division is exact, and `%` on doubles costs a call to fmod per sale.
 */
export const priceOfPacked = (packed: number): number => Math.floor(packed / GRADE_CODE_SPAN) / 100;
export const codeOfPacked = (packed: number): number =>
  packed - Math.floor(packed / GRADE_CODE_SPAN) * GRADE_CODE_SPAN;

/** The filter's price bounds in cents (none: -1 and infinity). */
export function centsBounds(filter: SaleFilter): { minCents: number; maxCents: number } {
  return {
    minCents: filter.minPrice === undefined ? -1 : Math.round(filter.minPrice * 100 * 1e6) / 1e6,
    maxCents:
      filter.maxPrice === undefined
        ? Number.POSITIVE_INFINITY
        : Math.round(filter.maxPrice * 100 * 1e6) / 1e6,
  };
}

/** True when any of `cardIds` sold in (afterMs, untilMs] with the filters: stops at the first sale. */
export function anySale(
  columns: SaleColumns,
  cardIds: readonly number[],
  filter: SaleFilter,
  gradeCode: number | null,
): boolean {
  const { start, soldAt, priceGrade } = columns;
  const { minCents, maxCents } = centsBounds(filter);
  for (const id of cardIds) {
    if (!(id >= 0 && id < start.length - 1)) continue;
    // Newest first: a card that sold in the window most often did so lately.
    for (let i = (start[id + 1] as number) - 1; i >= (start[id] as number); i -= 1) {
      const time = soldAt[i] as number;
      if (time > filter.untilMs) continue;
      if (time <= filter.afterMs) break;
      const packed = priceGrade[i] as number;
      const cents = Math.floor(packed / GRADE_CODE_SPAN);
      if (gradeCode !== null && packed - cents * GRADE_CODE_SPAN !== gradeCode) continue;
      if (cents >= minCents && cents <= maxCents) return true;
    }
  }
  return false;
}

/**
 * Each card's rows of the columns in (afterMs, untilMs]: the rows of `cardIds[c]` are
 * [from[c], to[c]) (empty for an id the columns lack), found by binary search in each card's rows.
 */
export interface WindowRows {
  from: Int32Array;
  to: Int32Array;
  /** How many rows in all. */
  rows: number;
}

export function windowRows(
  columns: SaleColumns,
  cardIds: readonly number[],
  afterMs: number,
  untilMs: number,
): WindowRows {
  const { start, soldAt } = columns;
  const from = new Int32Array(cardIds.length);
  const to = new Int32Array(cardIds.length);
  let rows = 0;
  for (let c = 0; c < cardIds.length; c += 1) {
    const id = cardIds[c] as number;
    if (!(id >= 0 && id < start.length - 1)) continue;
    const end = start[id + 1] as number;
    const first = firstAfter(soldAt, start[id] as number, end, afterMs);
    // The window most often ends at the as-of time, after the card's last sale: no search then.
    const stop =
      first < end && (soldAt[end - 1] as number) > untilMs ? firstAfter(soldAt, first, end, untilMs) : end;
    from[c] = first;
    to[c] = stop;
    rows += stop - first;
  }
  return { from, to, rows };
}

/** The first position of ascending times[low..high) after `ms` (high when none). */
function firstAfter(times: Float64Array, low: number, high: number, ms: number): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) <= ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Sales of `cardIds` in (afterMs, untilMs] with the filters; with `grades`, only those whose grade
 * code has a non-zero flag there.
 */
export function gatherSample(
  columns: SaleColumns,
  cardIds: readonly number[],
  filter: SaleFilter,
  gradeOfCode: readonly string[],
  gradeCode: number | null,
  grades?: Uint8Array,
): SaleSample {
  const { soldAt, priceGrade } = columns;
  const { from, to, rows } = windowRows(columns, cardIds, filter.afterMs, filter.untilMs);
  // Copy the rows that pass the filters, card by card.
  const { minCents, maxCents } = centsBounds(filter);
  const packedOut = new Float64Array(rows);
  const timeOut = new Float64Array(rows);
  const cards: number[] = [];
  const cardStart: number[] = [];
  let n = 0;
  for (let c = 0; c < cardIds.length; c += 1) {
    const first = n;
    for (let i = from[c] as number; i < (to[c] as number); i += 1) {
      const packed = priceGrade[i] as number;
      const cents = Math.floor(packed / GRADE_CODE_SPAN);
      const code = packed - cents * GRADE_CODE_SPAN;
      if (gradeCode !== null && code !== gradeCode) continue;
      if (grades !== undefined && grades[code] === 0) continue;
      if (cents < minCents || cents > maxCents) continue;
      packedOut[n] = packed;
      timeOut[n] = soldAt[i] as number;
      n += 1;
    }
    if (n > first) {
      cards.push(cardIds[c] as number);
      cardStart.push(first);
    }
  }
  cardStart.push(n);
  return {
    n,
    packed: packedOut.subarray(0, n),
    soldAt: timeOut.subarray(0, n),
    cards: Int32Array.from(cards),
    cardStart: Int32Array.from(cardStart),
    gradeOfCode,
  };
}

/**
 * The sample's cells (card and grade): cell c holds the sample positions
 * `order[start[c] .. start[c + 1])`, in time order, of card `card[c]` in grade code `code[c]`. A
 * counting sort on the grade codes within each card's run: no map, no array per cell.
 */
export interface SampleCells {
  order: Int32Array;
  start: Int32Array;
  card: Int32Array;
  code: Uint8Array;
}

export function cellsOf(sample: SaleSample): SampleCells {
  const counts = new Int32Array(GRADE_CODE_SPAN);
  const fill = new Int32Array(GRADE_CODE_SPAN);
  const order = new Int32Array(sample.n);
  // At most one cell per sale: typed arrays of that size, cut to the cells made.
  const start = new Int32Array(sample.n + 1);
  const card = new Int32Array(sample.n);
  const code = new Uint8Array(sample.n);
  // The grade codes of the card at hand, in order of their first sale.
  const used = new Int32Array(GRADE_CODE_SPAN);
  let cells = 0;
  let position = 0;
  for (let g = 0; g < sample.cards.length; g += 1) {
    const from = sample.cardStart[g] as number;
    const to = sample.cardStart[g + 1] as number;
    let grades = 0;
    for (let i = from; i < to; i += 1) {
      const grade = codeOfPacked(sample.packed[i] as number);
      if ((counts[grade] as number) === 0) used[grades++] = grade;
      counts[grade] = (counts[grade] as number) + 1;
    }
    for (let u = 0; u < grades; u += 1) {
      const grade = used[u] as number;
      start[cells] = position;
      card[cells] = sample.cards[g] as number;
      code[cells] = grade;
      cells += 1;
      fill[grade] = position;
      position += counts[grade] as number;
      counts[grade] = 0;
    }
    for (let i = from; i < to; i += 1) {
      const grade = codeOfPacked(sample.packed[i] as number);
      order[fill[grade] as number] = i;
      fill[grade] = (fill[grade] as number) + 1;
    }
  }
  start[cells] = position;
  return { order, start: start.slice(0, cells + 1), card: card.slice(0, cells), code: code.slice(0, cells) };
}
