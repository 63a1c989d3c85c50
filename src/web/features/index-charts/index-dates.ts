import { INDEX_START_DATE } from '../../../contract/param-limits';

/** Calendar arithmetic on `YYYY-MM-DD` strings, in UTC, so a date never shifts with the viewer's zone. */
const DAY_MS = 86_400_000;

export const toDayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
export const fromDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** The later / earlier of two `YYYY-MM-DD` dates (they compare as strings). */
export const laterDate = (a: string, b: string): string => (a >= b ? a : b);
export const earlierDate = (a: string, b: string): string => (a <= b ? a : b);

export const addDays = (date: string, days: number): string => fromDayNumber(toDayNumber(date) + days);

/** Every date from `from` to `to`, both included; empty when `from` is after `to`. */
export function eachDay(from: string, to: string): string[] {
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  const days: string[] = [];
  for (let day = start; day <= end; day += 1) days.push(fromDayNumber(day));
  return days;
}

/** `date` minus `months` calendar months, the day clamped to the target month's length (31 Mar - 1M = 28/29 Feb). */
export function subtractMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export const RANGE_PRESETS = ['1M', '3M', '6M', 'all'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const isRangePreset = (value: string): value is RangePreset =>
  (RANGE_PRESETS as readonly string[]).includes(value);

const PRESET_MONTHS: Record<Exclude<RangePreset, 'all'>, number> = { '1M': 1, '3M': 3, '6M': 6 };

export type DateRange = { from: string; to: string };

/**
 * The window of a preset, ending on the latest snapshot: "1M" is (latest - 1 month, latest], the
 * half-open convention of the API's own windows (decisions.md, "Time"); never before the index start.
 */
export function presetRange(preset: RangePreset, latest: string): DateRange {
  if (preset === 'all') return { from: INDEX_START_DATE, to: latest };
  const from = addDays(subtractMonths(latest, PRESET_MONTHS[preset]), 1);
  return { from: laterDate(from, INDEX_START_DATE), to: latest };
}

/** Keeps a custom range inside [index start, latest snapshot]; a missing side is that bound. */
export function clampRange(range: { from?: string; to?: string }, latest: string): DateRange {
  const clamp = (date: string) =>
    date < INDEX_START_DATE ? INDEX_START_DATE : date > latest ? latest : date;
  const from = clamp(range.from ?? INDEX_START_DATE);
  const to = clamp(range.to ?? latest);
  return from <= to ? { from, to } : { from: to, to: from };
}
