/**
 * Reads the IETF draft rate-limit headers the server sends (decisions.md):
 *   RateLimit-Policy: "monthly";q=1000;w=2592000
 *   RateLimit: "monthly";r=998;t=864000
 * plus the older split form (RateLimit-Limit / -Remaining / -Reset) and Retry-After, so a
 * different server that uses either still feeds the quota meter.
 */
export interface RateLimitInfo {
  limit: number | null;
  remaining: number | null;
  /** Seconds until the quota window resets. */
  resetSeconds: number | null;
  retryAfterSeconds: number | null;
}

const structuredParam = (header: string | null, name: string): number | null => {
  if (!header) return null;
  const match = new RegExp(`(?:^|;)\\s*${name}=(\\d+)`).exec(header);
  return match?.[1] === undefined ? null : Number(match[1]);
};

const integerHeader = (header: string | null): number | null =>
  header !== null && /^\s*\d+\s*$/.test(header) ? Number(header) : null;

function retryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const seconds = integerHeader(header);
  if (seconds !== null) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - now) / 1000));
}

export function readRateLimit(headers: Headers, now = Date.now()): RateLimitInfo {
  const combined = headers.get('ratelimit');
  const policy = headers.get('ratelimit-policy');
  return {
    limit: structuredParam(policy, 'q') ?? integerHeader(headers.get('ratelimit-limit')),
    remaining: structuredParam(combined, 'r') ?? integerHeader(headers.get('ratelimit-remaining')),
    resetSeconds: structuredParam(combined, 't') ?? integerHeader(headers.get('ratelimit-reset')),
    retryAfterSeconds: retryAfter(headers.get('retry-after'), now),
  };
}
