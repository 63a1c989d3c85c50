import { HISTORY_DEFAULT_DAYS, HISTORY_MAX_DAYS } from '../../contract/param-limits';
import { daysInRange, type HistoryParams } from '../../contract/params';
import type { HistoryData, HistoryPoint } from '../../contract/resources';
import { roundCents } from '../../contract/rounding';
import { GRADE_CODE_SPAN } from '../store/market-reader';
import { DAY_MS, dateOfDayNumber, dayNumber, dayNumberOfDate } from '../store/time';
import { AnalyticsError } from './analytics-error';
import { gradeCodeOf, noMatchError, scopedCards, yieldIfLarge, yieldToEventLoop } from './card-sales';
import type { MarketContext } from './market-context';
import { codeOfPacked, type SaleColumns, type WindowRows, windowRows } from './sale-columns';
import { summarizeWholeRange } from './stats';

/**
 * `/v1/history` (decisions.md, "One card's prices over time"): the sales of the matched cards sold
 * in [`from` 00:00, `to` 24:00) UTC, after the grade filter, one point per period (UTC calendar
 * week from Monday, or calendar month) and grade: median, p25, p75, min, max and count. Sorted by
 * period, then grade (code points).
 */
export async function historyData(ctx: MarketContext, params: HistoryParams): Promise<HistoryData> {
  const context = await ctx.query();
  const to = params.to ?? dateOfDayNumber(dayNumber(context.asOfMs));
  const from = params.from ?? dateOfDayNumber(dayNumberOfDate(to) - (HISTORY_DEFAULT_DAYS - 1));
  if (from > to || daysInRange(from, to) > HISTORY_MAX_DAYS) {
    throw new AnalyticsError(
      'invalid_parameter',
      `from (${from}) must be on or before to (${to}, the as-of date when not sent), and the range at most ${HISTORY_MAX_DAYS} days (both YYYY-MM-DD).`,
    );
  }
  const selection = {
    category: params.category,
    label: params.label,
    grade: params.grade,
  };
  const fromMs = dayNumberOfDate(from) * DAY_MS;
  const endMs = (dayNumberOfDate(to) + 1) * DAY_MS;
  const days = Math.ceil((context.asOfMs - fromMs) / DAY_MS);
  // (afterMs, untilMs]: the sale times are whole milliseconds.
  const range = { afterMs: fromMs - 1, untilMs: endMs - 1, text: `from ${from} to ${to}` };
  const ids = await scopedCards(context, params.q, selection);
  if (ids.length === 0) throw await noMatchError(context, params.q, days, selection, false, range);
  const rows = windowRows(context.columns, ids, range.afterMs, range.untilMs);
  // Period starts (day numbers) from the period holding `from` to the one holding `to`.
  const starts = periodStarts(dayNumberOfDate(from), dayNumberOfDate(to), params.interval);
  const startMs = Float64Array.from(starts, (day) => day * DAY_MS);
  const gradeCode = gradeCodeOf(context, selection);
  const counts = bucketCounts(context.columns, rows, startMs, gradeCode);
  const n = counts[counts.length - 1] as number;
  if (n === 0) throw await noMatchError(context, params.q, days, selection, true, range);
  await yieldIfLarge(rows.rows);
  const bucketed = bucketCents(context.columns, rows, startMs, gradeCode, counts);
  await yieldIfLarge(rows.rows);
  const gradeOfCode = context.reader.gradeOfCode();
  const series: HistoryPoint[] = [];
  let sinceBreath = 0;
  for (const [period, day] of starts.entries()) {
    // Yield every 50,000 sales summarised, so that a broad query does not hold other requests.
    if (sinceBreath > 50_000) {
      await yieldToEventLoop();
      sinceBreath = 0;
    }
    const points: HistoryPoint[] = [];
    const periodStart = dateOfDayNumber(day);
    for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
      const k = period * GRADE_CODE_SPAN + code;
      const first = counts[k] as number;
      const last = counts[k + 1] as number;
      if (last === first) continue;
      sinceBreath += last - first;
      // Selection, not a sort, within the bucket (stats.ts): the same figures.
      const stats = summarizeWholeRange(bucketed, first, last);
      points.push({
        period_start: periodStart,
        grade: gradeOfCode[code] as string,
        median: roundCents(stats.median / 100),
        low: roundCents(stats.p25 / 100),
        high: roundCents(stats.p75 / 100),
        min: roundCents(stats.min / 100),
        max: roundCents(stats.max / 100),
        sales: stats.n,
      });
    }
    points.sort((a, b) => (a.grade < b.grade ? -1 : a.grade > b.grade ? 1 : 0));
    series.push(...points);
  }
  return {
    query: params.q,
    grade: params.grade ?? null,
    currency: 'USD',
    interval: params.interval,
    from,
    to,
    cards: ids.length,
    series,
  };
}

/*
 * Bucket k = period * GRADE_CODE_SPAN + grade code, filled straight from the sale columns (no copy
 * of the sample: 200,000 sales for `topps`) by a counting sort: `bucketCounts` counts, then
 * `bucketCents` places each sale's cents, card by card in time order. Each card's sales are in time
 * order, so its period only moves forward: no division or search per sale.
 */

/** The bucket starts: bucket k is [counts[k], counts[k + 1]); the last entry is the sale count. */
function bucketCounts(
  columns: SaleColumns,
  rows: WindowRows,
  startMs: Float64Array,
  gradeCode: number | null,
): Int32Array {
  const { soldAt, priceGrade } = columns;
  const lastPeriod = startMs.length - 1;
  const buckets = startMs.length * GRADE_CODE_SPAN;
  const counts = new Int32Array(buckets + 1);
  for (let c = 0; c < rows.from.length; c += 1) {
    const end = rows.to[c] as number;
    let period = 0;
    for (let i = rows.from[c] as number; i < end; i += 1) {
      const code = codeOfPacked(priceGrade[i] as number);
      if (gradeCode !== null && code !== gradeCode) continue;
      const time = soldAt[i] as number;
      while (period < lastPeriod && (startMs[period + 1] as number) <= time) period += 1;
      const bucket = period * GRADE_CODE_SPAN + code + 1;
      counts[bucket] = (counts[bucket] as number) + 1;
    }
  }
  for (let k = 0; k < buckets; k += 1) counts[k + 1] = (counts[k + 1] as number) + (counts[k] as number);
  return counts;
}

/** The sales' cents in their buckets (`counts` from bucketCounts). */
function bucketCents(
  columns: SaleColumns,
  rows: WindowRows,
  startMs: Float64Array,
  gradeCode: number | null,
  counts: Int32Array,
): Uint32Array | Float64Array {
  const { soldAt, priceGrade } = columns;
  const lastPeriod = startMs.length - 1;
  const fill = counts.slice(0, counts.length - 1);
  const n = counts[counts.length - 1] as number;
  let maxPacked = 0;
  for (let c = 0; c < rows.from.length; c += 1) {
    const end = rows.to[c] as number;
    for (let i = rows.from[c] as number; i < end; i += 1)
      maxPacked = Math.max(maxPacked, priceGrade[i] as number);
  }
  // Whole cents select faster in a Uint32Array (grade-groups.ts); a Float64Array past $42.9 million.
  const cents = maxPacked / GRADE_CODE_SPAN < 2 ** 32 ? new Uint32Array(n) : new Float64Array(n);
  for (let c = 0; c < rows.from.length; c += 1) {
    const end = rows.to[c] as number;
    let period = 0;
    for (let i = rows.from[c] as number; i < end; i += 1) {
      const packed = priceGrade[i] as number;
      const value = Math.floor(packed / GRADE_CODE_SPAN);
      const code = packed - value * GRADE_CODE_SPAN;
      if (gradeCode !== null && code !== gradeCode) continue;
      const time = soldAt[i] as number;
      while (period < lastPeriod && (startMs[period + 1] as number) <= time) period += 1;
      const bucket = period * GRADE_CODE_SPAN + code;
      cents[fill[bucket] as number] = value;
      fill[bucket] = (fill[bucket] as number) + 1;
    }
  }
  return cents;
}

/** The first day (day number) of each period from the one holding `first` to the one holding `last`. */
function periodStarts(first: number, last: number, interval: 'week' | 'month'): number[] {
  const starts: number[] = [];
  if (interval === 'week') {
    // 1970-01-01 was a Thursday: day number 4 was a Monday.
    let day = first - ((((first - 4) % 7) + 7) % 7);
    for (; day <= last; day += 7) starts.push(day);
    return starts;
  }
  const date = new Date(first * DAY_MS);
  let year = date.getUTCFullYear();
  let month = date.getUTCMonth();
  for (;;) {
    const day = Date.UTC(year, month, 1) / DAY_MS;
    if (day > last) return starts;
    starts.push(day);
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
}
