import { quotaWindow, TIER_QUOTAS, type Tier } from '../auth/tiers';

/**
 * Content-Security-Policy of the dashboard's pages: no inline or foreign script. `connect-src`
 * allows any http(s) origin because the dashboard can be pointed at another base URL that serves
 * the same API (docs/api.md, "Browsers"). Inline styles are allowed: they cannot run code, and
 * chart libraries set them.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON answers are never rendered as documents. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'x-request-id', 'ETag'];

/**
 * Keyed answers are per key (their `meta`, their rate-limit headers): no shared cache may keep one,
 * and a private cache revalidates each time (docs/api.md, "HTTP caching").
 */
export const KEYED_CACHE_CONTROL = 'private, no-cache';
/** Keyed answers differ by key and by encoding (gzip or not). */
export const KEYED_VARY = 'x-api-key, accept-encoding';

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 13.1.2): `*`, or a list of entity tags
 * compared weakly (a `W/` prefix is ignored). `etag` is a quoted tag without `W/`.
 */
export function ifNoneMatch(header: string, etag: string): boolean {
  if (header === etag) return true;
  for (const part of header.split(',')) {
    let tag = part.trim();
    if (tag === '*') return true;
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === etag) return true;
  }
  return false;
}

/** The IETF draft rate-limit headers (draft-ietf-httpapi-ratelimit-headers) for a monthly quota. */
export function rateLimitHeaders(tier: Tier, remaining: number, at: Date): Record<string, string> {
  const window = quotaWindow(at);
  return {
    'ratelimit-policy': `"monthly";q=${TIER_QUOTAS[tier]};w=${window.seconds}`,
    ratelimit: `"monthly";r=${remaining};t=${retryAfterSeconds(at)}`,
  };
}

/** Seconds until the quota window of `at` ends (at least 1): Retry-After of a 429, `t` of RateLimit. */
export function retryAfterSeconds(at: Date): number {
  return Math.max(1, Math.ceil((quotaWindow(at).resetMs - at.getTime()) / 1000));
}
