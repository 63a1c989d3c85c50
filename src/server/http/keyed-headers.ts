import { hash } from 'node:crypto';
import { quotaWindow, TIER_QUOTAS, type Tier } from '../auth/tiers';

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
  return matchesTag(header, etag, true);
}

/**
 * The same for a keyed answer, where a `*` (alone or in a list) matches nothing: a free 304 to `*`
 * would tell whether a price band holds any sale (decisions.md, "HTTP caching").
 */
export function keyedIfNoneMatch(header: string, etag: string): boolean {
  return matchesTag(header, etag, false);
}

function matchesTag(header: string, etag: string, star: boolean): boolean {
  if (header === etag) return true;
  let matched = false;
  for (const part of header.split(',')) {
    let tag = part.trim();
    if (tag === '*') return star;
    if (tag.startsWith('W/')) tag = tag.slice(2);
    if (tag === etag) matched = true;
  }
  return matched;
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

/**
 * A strong ETag of a serialized answer (docs/api.md, "HTTP caching"): 128 bits of the SHA-256 of its
 * UTF-8 bytes, quoted (RFC 9110 8.8.3). Made once per cached answer or fixed document.
 */
export const strongEtag = (text: string): string => `"${hash('sha256', text, 'base64url').slice(0, 22)}"`;
