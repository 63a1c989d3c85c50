import type { HistoryPoint } from '../../../contract/resources';
import type { CollectionItem } from '../../lib/collection/collection-item';

/** One week of the collection: the sum of its cards' carried medians (and p25s, p75s) times quantity. */
export interface CollectionWeek {
  period_start: string;
  value: number;
  low: number;
  high: number;
  /** Copies with a price this week (a card counts from its first sale in the range). */
  copies: number;
}

const cents = (value: number): number => Math.round(value * 100) / 100;

/**
 * The collection week by week: for each item, its grade's weekly median (p25, p75) from its card's
 * history, carried forward over weeks without a sale; before its first sale in the range a card
 * adds nothing (and `copies` says how many copies are counted). `weeks` are the period starts of
 * the range, ascending; `histories` the weekly series of each title (every grade).
 */
export function collectionWeeks(
  items: readonly CollectionItem[],
  histories: ReadonlyMap<string, readonly HistoryPoint[]>,
  weeks: readonly string[],
): CollectionWeek[] {
  const result = weeks.map((period_start) => ({ period_start, value: 0, low: 0, high: 0, copies: 0 }));
  for (const item of items) {
    const points = new Map(
      (histories.get(item.title) ?? [])
        .filter((point) => point.grade === item.grade)
        .map((point) => [point.period_start, point]),
    );
    let carried: HistoryPoint | undefined;
    result.forEach((week) => {
      carried = points.get(week.period_start) ?? carried;
      if (carried === undefined) return;
      week.value = cents(week.value + carried.median * item.quantity);
      week.low = cents(week.low + carried.low * item.quantity);
      week.high = cents(week.high + carried.high * item.quantity);
      week.copies += item.quantity;
    });
  }
  return result;
}

const DAY_MS = 86_400_000;

/** The Mondays (UTC) of the weeks from `from` to `to` (YYYY-MM-DD), as `/v1/history` starts its weeks. */
export function mondaysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const dayOfWeek = (new Date(start).getUTCDay() + 6) % 7;
  const weeks: string[] = [];
  for (let t = start - dayOfWeek * DAY_MS; t <= end; t += 7 * DAY_MS)
    weeks.push(new Date(t).toISOString().slice(0, 10));
  return weeks;
}

/** Days since 1970-01-01 (UTC) of a YYYY-MM-DD date: the line chart's x. */
export const toDayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** `date` minus `months` calendar months, the day clamped to the month's length. */
export function subtractMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 - months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 - months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}
