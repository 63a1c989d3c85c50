/** Number and date formatting shared by every page (en-US, USD, UTC: the API's units). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export const formatUsd = (value: number): string => usd.format(value);
export const formatUsdCompact = (value: number): string => usdCompact.format(value);
export const formatInteger = (value: number): string => integer.format(value);
/** `12.5` -> `+12.5%` (the API sends percentages, not fractions). */
export const formatPercent = (value: number): string => `${percent.format(value)}%`;
/** A `YYYY-MM-DD` (read as UTC) or a Date -> `Nov 15, 2026`. */
export const formatDate = (value: string | Date): string =>
  day.format(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00Z`)
      : new Date(value),
  );
export const formatDateTime = (value: string | Date | number): string =>
  `${dayTime.format(new Date(value))} UTC`;

/** The word for a count: `plural(1, 'sale')` -> `sale`, `plural(2, 'sale')` -> `sales`. */
export const plural = (count: number, one: string, many = `${one}s`): string => (count === 1 ? one : many);

/**
 * A wait in seconds as a person would say it, to two units at most: `42 seconds`, `5 min`,
 * `3 h 12 min`, `6 days 22 h` (598430 s).
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} ${plural(seconds, 'second')}`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  const dayText = `${days} ${plural(days, 'day')}`;
  return hours % 24 === 0 ? dayText : `${dayText} ${hours % 24} h`;
}

/** A server hint with its countdown (`in 598430 seconds`) said humanely (`in 6 days 22 h`). */
export const humaneHint = (hint: string): string =>
  hint.replace(/\bin (\d+) seconds?\b/g, (_, seconds: string) => `in ${formatDuration(Number(seconds))}`);
