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
