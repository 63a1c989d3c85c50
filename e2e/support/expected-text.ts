/**
 * How the dashboard should write the API's figures (en-US, USD, UTC), made here with the platform's
 * Intl rather than the dashboard's own formatters, so that a spec checks the page against an
 * independent writing of the API's answer.
 */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const INTEGER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const UP_TO_TWO = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const DAY = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `1234.5` -> `$1,234.50`. */
export const usd = (value: number): string => USD.format(value);

/** `1234` -> `1,234`. */
export const integer = (value: number): string => INTEGER.format(value);

/** A share or error, unsigned, up to two decimals: `34.1` -> `34.1%`. */
export const share = (value: number): string => `${UP_TO_TWO.format(value)}%`;

/** `2026-11-15` (or an ISO time) -> `Nov 15, 2026`, in UTC. */
export const day = (value: string): string =>
  DAY.format(new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value));

/** The year ending on `to` (`YYYY-MM-DD`): from the day after the same date a year before. */
export function yearEndingOn(to: string): { from: string; to: string } {
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  start.setUTCDate(start.getUTCDate() + 1);
  return { from: start.toISOString().slice(0, 10), to };
}
