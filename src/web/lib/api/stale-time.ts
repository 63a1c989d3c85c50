/**
 * The market data changes once a day (the daily snapshot and index), so an answer stays fresh until
 * the next UTC midnight after it was fetched: within a day, revisits and reloads cost no call.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export function msUntilNextUtcDay(fetchedAt: number, now = Date.now()): number {
  const nextDay = Math.floor(fetchedAt / DAY_MS) * DAY_MS + DAY_MS;
  return Math.max(0, nextDay - now);
}

/** Persisted answers older than this are dropped at restore; gcTime must be at least this long. */
export const CACHE_MAX_AGE_MS = DAY_MS;
/** The service status is free to ask (no key) and should be fairly current. */
export const PING_STALE_MS = 5 * 60 * 1000;
