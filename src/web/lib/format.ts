/**
 * Number and date formatting shared by every page (en-US, USD, UTC: the API's units), written out
 * rather than through Intl: a page's first Intl formatter loads ICU's locale data, 15-30 ms of one
 * task on a desktop CPU (4x that on a phone), before anything is drawn. The output is Intl's, digit
 * for digit (format.test.ts compares them): half away from zero on the number's shortest decimal
 * form, thousands grouped, `-` on a negative zero.
 */
const NEGATIVE = (value: number) => value < 0 || Object.is(value, -0);

/** A non-negative number's shortest decimal form without an exponent: `1e-7` -> `0.0000001`. */
function plainDecimal(abs: number): string {
  const text = String(abs);
  const [mantissa = text, exponent] = text.split('e');
  if (exponent === undefined) return text;
  const [whole = '', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** `|value|` rounded to `digits` decimals: [integer digits, `digits` fraction digits]. `shift`
 * divides it by 10^shift first, exactly (on the decimal digits). */
function rounded(abs: number, digits: number, shift = 0): [string, string] {
  let [whole = '0', fraction = ''] = plainDecimal(abs).split('.');
  if (shift > 0) {
    const padded = whole.padStart(shift + 1, '0');
    fraction = padded.slice(padded.length - shift) + fraction;
    whole = padded.slice(0, padded.length - shift);
  }
  if (fraction.length <= digits) return [whole, fraction.padEnd(digits, '0')];
  const kept = `${whole}${fraction.slice(0, digits)}`;
  const up = (fraction[digits] ?? '0') >= '5';
  const all = (up ? (BigInt(kept) + 1n).toString() : kept.replace(/^0+(?=\d)/, '')).padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits)];
}

const grouped = (whole: string): string => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function special(value: number): string | null {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value < 0 ? '-∞' : '∞';
  return null;
}

export function formatUsd(value: number): string {
  const other = special(value);
  if (other !== null) return other.startsWith('-') ? `-$${other.slice(1)}` : `$${other}`;
  const [whole, fraction] = rounded(Math.abs(value), 2);
  return `${NEGATIVE(value) ? '-' : ''}$${grouped(whole)}.${fraction}`;
}

const COMPACT_UNITS = ['', 'K', 'M', 'B', 'T'];

/** `1250` -> [`1`, `3`, `K`]: the largest unit that leaves 1-999 (to T), one decimal. */
function compact(value: number): [string, string, string] {
  let unit = 0;
  let [whole, fraction] = rounded(Math.abs(value), 1);
  while (whole.length > 3 && unit < COMPACT_UNITS.length - 1) {
    unit += 1;
    [whole, fraction] = rounded(Math.abs(value), 1, 3 * unit);
  }
  // Compact numbers group only from five digits (`1000T`, `1,234,000T`).
  return [whole.length >= 5 ? grouped(whole) : whole, fraction, COMPACT_UNITS[unit] ?? ''];
}

/** `1250` -> `1.3K`, `12` -> `12` (axis ticks of counts). */
export function formatCompact(value: number): string {
  const other = special(value);
  if (other !== null) return other;
  const [whole, fraction, unit] = compact(value);
  const decimals = fraction.replace(/0+$/, '');
  return `${NEGATIVE(value) ? '-' : ''}${whole}${decimals ? `.${decimals}` : ''}${unit}`;
}

/** `1250` -> `$1.3K`, `12` -> `$12.0` (axis ticks of prices). */
export function formatUsdCompact(value: number): string {
  const other = special(value);
  if (other !== null) return other.startsWith('-') ? `-$${other.slice(1)}` : `$${other}`;
  const [whole, fraction, unit] = compact(value);
  return `${NEGATIVE(value) ? '-' : ''}$${whole}.${fraction}${unit}`;
}

export function formatInteger(value: number): string {
  const other = special(value);
  if (other !== null) return other;
  const [whole] = rounded(Math.abs(value), 0);
  return `${NEGATIVE(value) ? '-' : ''}${grouped(whole)}`;
}

/** A plain number, grouped, with `minDigits` to `maxDigits` decimals: `formatDecimal(1234.5, 2)` -> `1,234.5`. */
export function formatDecimal(value: number, maxDigits: number, minDigits = 0): string {
  const other = special(value);
  if (other !== null) return other;
  const [whole, fraction] = rounded(Math.abs(value), maxDigits);
  const decimals = fraction.slice(0, minDigits) + fraction.slice(minDigits).replace(/0+$/, '');
  return `${NEGATIVE(value) ? '-' : ''}${grouped(whole)}${decimals ? `.${decimals}` : ''}`;
}

/** `12.5` -> `+12.5%` (the API sends percentages, not fractions). */
export function formatPercent(value: number): string {
  const other = special(value);
  if (other !== null) return `${value > 0 ? '+' : ''}${other}%`;
  const [whole, fraction] = rounded(Math.abs(value), 2);
  const decimals = fraction.replace(/0+$/, '');
  const zero = /^0*$/.test(whole + decimals);
  const sign = zero ? '' : NEGATIVE(value) ? '-' : '+';
  return `${sign}${grouped(whole)}${decimals ? `.${decimals}` : ''}%`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function utcDay(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** A `YYYY-MM-DD` (read as UTC) or a Date -> `Nov 15, 2026`. */
export const formatDate = (value: string | Date): string =>
  utcDay(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00Z`)
      : new Date(value),
  );

/** -> `Nov 15, 2026, 3:04 PM UTC`. */
export function formatDateTime(value: string | Date | number): string {
  const date = new Date(value);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${utcDay(date)}, ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

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
