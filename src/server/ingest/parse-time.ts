/**
 * Dates and times of ingest files: `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time
 * `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z`, an offset such as `+02:00` (or `+0200`), or nothing (read
 * as UTC); a space may stand for the `T`. Refused, each with its reason: impossible dates
 * (2026-02-30), a year of fewer than 4 digits or before 1900 (`26-11-20`; `0026-11-20`, which
 * `Date.UTC` would turn into 1926), an offset beyond ±14:00 or with minutes of 60 or more
 * (`+23:99`), and a time outside the limits of the import: before 1900-01-01T00:00Z, or later than
 * one day after the import (one bad row must not move the store's as-of into the future).
 */
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** A date whose year has 1 to 3 digits (`26-11-20`, `026-1-2`), to say why it is refused. */
const SHORT_YEAR = /^(\d{1,3})-\d{1,2}-\d{1,2}(?:[T ]|$)/i;

const DAY_MS = 86_400_000;
export const FIRST_YEAR = 1900;
/** 1900-01-01T00:00Z: no graded-card sale or listing is older. */
export const EARLIEST_TIME = Date.UTC(FIRST_YEAR, 0, 1);
/** ±14:00 (UTC+14, Kiribati, is the furthest zone in use). */
const MAX_OFFSET_MINUTES = 14 * 60;

/** The times an import accepts, UTC epoch ms, both ends included. */
export interface TimeLimits {
  earliest: number;
  latest: number;
}

/** The limits of an import made at `now`: from 1900-01-01T00:00Z to one day after `now`. */
export const importTimeLimits = (now: number): TimeLimits => ({
  earliest: EARLIEST_TIME,
  latest: now + DAY_MS,
});

/** A time read (UTC epoch ms), or why it is refused, phrased to follow the quoted value. */
export type TimeCheck = { ok: true; ms: number } | { ok: false; reason: string };

const NOT_A_TIME = 'is not a date or ISO 8601 date-time';
const refuse = (reason: string): TimeCheck => ({ ok: false, reason });

export function parseTime(text: string, limits: TimeLimits): TimeCheck {
  const trimmed = text.trim();
  const match = PATTERN.exec(trimmed);
  if (!match) {
    const short = SHORT_YEAR.exec(trimmed);
    if (short) return refuse(`has the year "${short[1]}": a year must be 4 digits from ${FIRST_YEAR}`);
    return refuse(NOT_A_TIME);
  }
  const [, y = '', mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (year < FIRST_YEAR) return refuse(`has the year "${y}": a year must be 4 digits from ${FIRST_YEAR}`);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return refuse(NOT_A_TIME);
  const offset = offsetMinutes(zone);
  if (offset === null) {
    return refuse(
      `has the offset "${zone}": an offset is Z or ±hh:mm, at most ±14:00, with minutes below 60`,
    );
  }
  const utc = Date.UTC(
    year,
    month - 1,
    day,
    hour,
    minute,
    second,
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  if (new Date(utc).getUTCDate() !== day) return refuse(NOT_A_TIME);
  const ms = utc - offset * 60_000;
  if (ms < limits.earliest) return refuse(`is before ${new Date(limits.earliest).toISOString()}`);
  if (ms > limits.latest) {
    return refuse(
      `is later than one day after the import (latest accepted ${new Date(limits.latest).toISOString()})`,
    );
  }
  return { ok: true, ms };
}

/** Minutes east of UTC, or null for an offset no zone has (hours above 14, minutes of 60 or more). */
function offsetMinutes(zone: string): number | null {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (minutes > 59 || hours * 60 + minutes > MAX_OFFSET_MINUTES) return null;
  return sign * (hours * 60 + minutes);
}
