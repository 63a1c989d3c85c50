import type { HistoryPoint } from '../../../contract/resources';

/** One valued line of the collection: its card, grade and copies, and its headline worth (value x quantity). */
export interface MovedLine {
  title: string;
  grade: string;
  quantity: number;
  worth: number;
}

/** A point of a label's sales index: the week ending on `date` (decisions.md, "GET /v1/sales-index"). */
export type IndexLevel = { date: string; index: number };

export interface MovedWeeks {
  /** The collection per week: the sum of its lines' values (the last week is the headline total). */
  weeks: { period_start: string; value: number }[];
  /** Each line's own value per week (x quantity), in the order of `weeks`. */
  lines: { line: MovedLine; values: number[] }[];
}

const cents = (value: number): number => Math.round(value * 100) / 100;
const dayDistance = (a: string, b: string): number => Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS;

/**
 * The level of an index in the week that starts on `monday`: its point whose week end is nearest to
 * that week's Sunday (the earlier on a tie); 1 without an index. Outside the index's span it holds
 * its first or last level.
 */
export function levelOf(points: readonly IndexLevel[] | undefined, monday: string): number {
  if (points === undefined || points.length === 0) return 1;
  const sunday = addDays(monday, 6);
  let best = points[0] as IndexLevel;
  for (const point of points)
    if (dayDistance(point.date, sunday) < dayDistance(best.date, sunday)) best = point;
  return best.index;
}

/** For each week, the nearest week with a sale (the earlier on a tie), or -1 when none sold. */
function nearestSold(sold: readonly (number | null)[]): number[] {
  const soldWeeks = [...sold.keys()].filter((i) => sold[i] !== null);
  return sold.map((_, i) =>
    soldWeeks.reduce((best, j) => (best < 0 || Math.abs(j - i) < Math.abs(best - i) ? j : best), -1),
  );
}

/**
 * The collection week by week (decisions.md, "Collections"): every line is valued in every week, at
 * its card and grade's weekly median where it sold, otherwise at its nearest week with a sale carried
 * along its label's sales index (`median x level(week) / level(sold week)`), so a card's first sale in
 * the range is never a gain. The last week is each line's headline worth, so the chart ends on the
 * headline total; a line that sold in no week is its headline worth carried back along the index.
 * `weeks` are the Mondays of the range, ascending; `histories` the weekly series of each title (every
 * grade); `indexes` each title's label's index.
 */
export function collectionWeeks(
  lines: readonly MovedLine[],
  histories: ReadonlyMap<string, readonly HistoryPoint[]>,
  indexes: ReadonlyMap<string, readonly IndexLevel[]>,
  weeks: readonly string[],
): MovedWeeks {
  const last = weeks.length - 1;
  const valued = lines.map((line) => {
    const medians = new Map(
      (histories.get(line.title) ?? [])
        .filter((point) => point.grade === line.grade)
        .map((point) => [point.period_start, point.median]),
    );
    const levels = weeks.map((monday) => levelOf(indexes.get(line.title), monday));
    const sold = weeks.map((monday) => medians.get(monday) ?? null);
    const nearest = nearestSold(sold);
    const values = weeks.map((_, i) => {
      if (i === last) return line.worth;
      const j = nearest[i] as number;
      const perCopy =
        j < 0
          ? (line.worth / line.quantity) * ((levels[i] as number) / (levels[last] as number))
          : (sold[j] as number) * ((levels[i] as number) / (levels[j] as number));
      return cents(perCopy * line.quantity);
    });
    return { line, values };
  });
  return {
    weeks: weeks.map((period_start, i) => ({
      period_start,
      value: valued.reduce((sum, { values }) => cents(sum + (values[i] as number)), 0),
    })),
    lines: valued,
  };
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
