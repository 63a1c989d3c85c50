/**
 * Dates and times of ingest files: `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time
 * `YYYY-MM-DDTHH:MM[:SS[.fff]]` with `Z`, an offset such as `+02:00`, or nothing (read as UTC);
 * a space may stand for the `T`. Impossible dates (2026-02-30) are refused. Returns UTC epoch ms.
 */
const PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function parseTime(text: string): number | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const utc = Date.UTC(
    year,
    month - 1,
    day,
    hour,
    minute,
    second,
    Number(fraction.padEnd(3, '0').slice(0, 3)),
  );
  if (new Date(utc).getUTCDate() !== day) return null;
  return utc - offsetMinutes(zone) * 60_000;
}

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
}
