import {
  daysInRange,
  HISTORY_DEFAULT_DAYS,
  HISTORY_MAX_DAYS,
  type HistoryParams,
} from '../../contract/params';
import type { HistoryData, HistoryPoint } from '../../contract/resources';
import { GRADE_CODE_SPAN } from '../store/market-reader';
import { DAY_MS, dateOfDayNumber, dayNumber, dayNumberOfDate } from '../store/time';

const WEEK_MS = 7 * DAY_MS;

import { AnalyticsError } from './analytics-error';
import { breathe, gradeCodeOf, noMatchError, type QueryContext, scopedCards } from './card-sales';
import { codeOfPacked, gatherSample } from './sale-columns';
import { roundCents, summarizeWholeRange } from './stats';

/**
 * `/v1/history` (decisions.md, "One card's prices over time"): the sales of the matched cards sold
 * in [`from` 00:00, `to` 24:00) UTC, after the grade filter, one point per period (UTC calendar
 * week from Monday, or calendar month) and grade: median, p25, p75, min, max and count. Sorted by
 * period, then grade (code points).
 */
export async function historyData(context: QueryContext, params: HistoryParams): Promise<HistoryData> {
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
  const sample = gatherSample(
    context.columns,
    ids,
    { afterMs: range.afterMs, untilMs: range.untilMs },
    context.reader.gradeOfCode(),
    gradeCodeOf(context, selection),
  );
  if (sample.n === 0) throw await noMatchError(context, params.q, days, selection, true, range);
  await breathe();

  // Period starts (day numbers) from the period holding `from` to the one holding `to`.
  const starts = periodStarts(dayNumberOfDate(from), dayNumberOfDate(to), params.interval);
  const startMs = Float64Array.from(starts, (day) => day * DAY_MS);
  const firstMs = startMs[0] as number;
  const periodOf =
    params.interval === 'week'
      ? // Weeks are equal: the period is a division (sale times are at or after the first Monday).
        (time: number): number => Math.floor((time - firstMs) / WEEK_MS)
      : (time: number): number => {
          let low = 0;
          let high = startMs.length - 1;
          while (low < high) {
            const middle = (low + high + 1) >>> 1;
            if ((startMs[middle] as number) <= time) low = middle;
            else high = middle - 1;
          }
          return low;
        };
  // Bucket k = period * GRADE_CODE_SPAN + grade code: a counting sort of the prices into buckets.
  const buckets = starts.length * GRADE_CODE_SPAN;
  const bucketOf = new Int32Array(sample.n);
  const counts = new Int32Array(buckets + 1);
  for (let i = 0; i < sample.n; i += 1) {
    const bucket =
      periodOf(sample.soldAt[i] as number) * GRADE_CODE_SPAN + codeOfPacked(sample.packed[i] as number);
    bucketOf[i] = bucket;
    counts[bucket + 1] = (counts[bucket + 1] as number) + 1;
  }
  for (let k = 0; k < buckets; k += 1) counts[k + 1] = (counts[k + 1] as number) + (counts[k] as number);
  // Whole cents select faster in a Uint32Array (grade-groups.ts); a Float64Array past $42.9 million.
  let maxCents = 0;
  for (let i = 0; i < sample.n; i += 1) maxCents = Math.max(maxCents, sample.packed[i] as number);
  const cents = maxCents / GRADE_CODE_SPAN < 2 ** 32 ? new Uint32Array(sample.n) : new Float64Array(sample.n);
  const fill = counts.slice(0, buckets);
  for (let i = 0; i < sample.n; i += 1) {
    const bucket = bucketOf[i] as number;
    cents[fill[bucket] as number] = Math.floor((sample.packed[i] as number) / GRADE_CODE_SPAN);
    fill[bucket] = (fill[bucket] as number) + 1;
  }
  const gradeOfCode = context.reader.gradeOfCode();
  const series: HistoryPoint[] = [];
  starts.forEach((day, period) => {
    const points: HistoryPoint[] = [];
    for (let code = 0; code < GRADE_CODE_SPAN; code += 1) {
      const k = period * GRADE_CODE_SPAN + code;
      const first = counts[k] as number;
      const last = counts[k + 1] as number;
      if (last === first) continue;
      // Selection, not a sort, within the bucket (stats.ts): the same figures.
      const stats = summarizeWholeRange(cents, first, last);
      points.push({
        period_start: dateOfDayNumber(day),
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
  });
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
