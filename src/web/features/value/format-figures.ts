/**
 * How figures are written on the sold and value pages. Prices arrive rounded to cents and are shown
 * with cents, so the text on screen reads back to exactly the number the API sent.
 */
const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

export const formatUsd = (value: number): string => usd.format(value);

export const formatCount = (value: number): string => integer.format(value);

/** A percentage change as the API gives it (2 decimals), with its sign: `+4.25%`. */
export const formatPercentChange = (value: number): string => `${percent.format(value)}%`;

/** The calendar date (UTC) of an ISO date-time, as `YYYY-MM-DD`, the form the API uses for dates. */
export const formatIsoDate = (dateTime: string): string => new Date(dateTime).toISOString().slice(0, 10);
