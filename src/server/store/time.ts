/** UTC day arithmetic shared by the store, the seed and the analytics. Days are `YYYY-MM-DD`. */
export const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of an epoch-millisecond time. */
export const dayNumber = (ms: number): number => Math.floor(ms / DAY_MS);

export const dayNumberOfDate = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

export const dateOfDayNumber = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const isoOfMs = (ms: number): string => new Date(ms).toISOString();
