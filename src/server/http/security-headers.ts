/**
 * The server's header policy, stated once (docs/api.md, "Browsers"): which headers every answer
 * carries besides its content. Three kinds of answer:
 * - `api`: JSON on an API path: never rendered as a document, callable from any origin (CORS `*`,
 *   no cookies are involved) with the RateLimit headers, ETag and request id exposed;
 * - `page`: the dashboard's HTML: no inline or foreign script, never framed;
 * - `file`: any other answer outside the API (a script, a style sheet, a JSON error of a page path).
 */
export type AnswerKind = 'api' | 'page' | 'file';

/**
 * Content-Security-Policy of the dashboard's pages: no inline or foreign script. `connect-src`
 * allows any http(s) origin because the dashboard can be pointed at another base URL that serves
 * the same API. Inline styles are allowed: they cannot run code, and chart libraries set them.
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

/**
 * HSTS, sent only on a request a trusted proxy says came over https (SLAB_TRUST_PROXY): a year,
 * this host only (RFC 6797; a browser ignores it over plain http).
 */
export const HSTS = 'max-age=31536000';

/** JSON answers and files are never rendered as documents. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const EXPOSED_HEADERS = ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'x-request-id', 'ETag'];
const EXPOSE_HEADERS = EXPOSED_HEADERS.join(',');

/**
 * The policy's headers for an answer of this kind, as a new plain object the caller may add to
 * (one literal with fixed names, made on every answer).
 */
export function securityHeaders(requestId: string, kind: AnswerKind, https = false): Record<string, string> {
  const headers: Record<string, string> = {
    'x-request-id': requestId,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': kind === 'page' ? PAGE_CSP : API_CSP,
  };
  if (https) headers['strict-transport-security'] = HSTS;
  if (kind === 'page') headers['x-frame-options'] = 'DENY';
  else if (kind === 'api') {
    headers['access-control-allow-origin'] = '*';
    headers['access-control-expose-headers'] = EXPOSE_HEADERS;
  }
  return headers;
}

/** The kind of an answer outside the API, by its content type. */
export const siteKind = (contentType: string | null | undefined): AnswerKind =>
  contentType?.startsWith('text/html') ? 'page' : 'file';
