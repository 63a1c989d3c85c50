import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Context } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import type { Tier } from '../auth/tiers';
import { GZIP_MIN_BYTES, gzipWhole } from './gzip';

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

/**
 * What the request context (request-context.ts) keeps of one request, as Hono's `c.get('request')`,
 * and reads back for the request's log line.
 */
export interface RequestState {
  readonly requestId: string;
  /** A trusted proxy (SLAB_TRUST_PROXY) said the request came over https: answers carry HSTS. */
  readonly https?: boolean;
  /** The tier of the key that was accepted (for the log line). */
  tier?: Tier;
}

/** What is read of the Node request (HTTP/1 or HTTP/2). */
export interface NodeRequest {
  readonly headers: IncomingHttpHeaders;
  /** The request line's target: the path and the query. */
  readonly url?: string;
  /** The connection: its remote address limits demo-key minting (service-routes.ts). */
  readonly socket?: { readonly remoteAddress?: string | undefined };
}

/**
 * Hono's environment: the bindings @hono/node-server hands a fetch (the Node request, absent in a
 * test's in-process request) and the request's state.
 */
export interface AppEnv {
  Bindings: { incoming?: NodeRequest; outgoing?: unknown } | undefined;
  Variables: { request: RequestState };
}

/** Any API path (`/v1...`, `/v3...`): JSON answers with CORS, never the dashboard. */
export const API_PATH = /^\/v[0-9]+(\/|$)/;

/**
 * Responses made here carry every header of the server's policy (`securityHeaders`) from the
 * start, in one plain object: @hono/node-server then writes them as they are. The server's fetch
 * adds the policy's headers itself to any other response (see `withServerHeaders`).
 */
const SERVER_HEADERS = Symbol('server headers');
type Marked = Response & { [SERVER_HEADERS]?: true };
export const markComplete = (response: Response): Response => {
  (response as Marked)[SERVER_HEADERS] = true;
  return response;
};

export const hasServerHeaders = (response: Response): boolean =>
  (response as Marked)[SERVER_HEADERS] === true;

/** The headers of a JSON answer on an API path: the policy's, the content type when there is a body, the extras. */
export function apiHeaders(
  requestId: string,
  hasBody: boolean,
  extra?: Record<string, string>,
  https?: boolean,
): Record<string, string> {
  const headers = securityHeaders(requestId, 'api', https);
  if (hasBody) headers['content-type'] = 'application/json';
  if (extra !== undefined) for (const name in extra) headers[name] = extra[name] as string;
  return headers;
}

/** A JSON answer on an API path (null: no body): status, body and extra headers (rate limits, Allow, ...). */
export function apiJson(
  state: RequestState,
  status: number,
  body: string | Uint8Array<ArrayBuffer> | null,
  extra?: Record<string, string>,
): Response {
  return markComplete(
    new Response(body, { status, headers: apiHeaders(state.requestId, body !== null, extra, state.https) }),
  );
}

/** A response outside the API (a dashboard file, a JSON error for a page path): no CORS. */
export function siteResponse(
  state: RequestState,
  status: number,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  extra?: Record<string, string>,
): Response {
  const headers = securityHeaders(state.requestId, siteKind(contentType), state.https);
  headers['content-type'] = contentType;
  if (extra !== undefined) for (const name in extra) headers[name] = extra[name] as string;
  return markComplete(new Response(body, { status, headers }));
}

/**
 * The policy's headers on a response made elsewhere (a dashboard file of serveStatic, Hono's
 * answer to HEAD, anything unforeseen): the slow path, since it turns the response's headers into
 * a Headers object.
 */
export function withServerHeaders(response: Response, state: RequestState, isApi: boolean): Response {
  return withPolicy(response, state, isApi ? 'api' : siteKind(response.headers.get('content-type')));
}

/**
 * The policy's headers of a kind the caller knows (the page's 304 has no content type to tell it
 * by, and a browser applies a 304's CSP to the page it keeps), marked as complete.
 */
export function withPolicy(response: Response, state: RequestState, kind: AnswerKind): Response {
  const policy = securityHeaders(state.requestId, kind, state.https);
  for (const name in policy) response.headers.set(name, policy[name] as string);
  return markComplete(response);
}

/**
 * A request header, from the Node request when there is one: `c.req.header` would make
 * @hono/node-server build a Headers object of the whole request first.
 */
export function requestHeader(c: Context<AppEnv>, name: string): string | undefined {
  const incoming = c.env?.incoming;
  if (incoming === undefined) return c.req.raw.headers.get(name) ?? undefined;
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Whether the request accepts gzip (RFC 9110 12.5.3): `gzip` or `x-gzip` with a non-zero weight,
 * or `*` with a non-zero weight when gzip is not named; parsed by Hono's Accept parser.
 */
export const wantsGzip = (c: Context<AppEnv>): boolean => acceptsGzip(requestHeader(c, 'accept-encoding'));

/** Whether an Accept-Encoding header accepts gzip (see `wantsGzip`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined || header === '') return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const { type, q } of parseAccept(header)) {
    const name = type.toLowerCase();
    if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, q);
    else if (name === '*') any = q;
  }
  return (gzip ?? any ?? 0) > 0;
}

/**
 * A JSON document that is the same on every call (`/v1`, the OpenAPI document): encoded to UTF-8
 * once, gzipped once, and tagged once (a strong ETag of its bytes), each when first asked.
 */
export class FixedJson {
  private utf8: Buffer | undefined;
  private gzip: Buffer | undefined;
  readonly etag: string;
  constructor(readonly text: string) {
    this.etag = strongEtag(text);
  }

  get encoded(): Buffer {
    this.utf8 ??= Buffer.from(this.text);
    return this.utf8;
  }

  get gzipped(): Buffer {
    this.gzip ??= gzipWhole(this.text);
    return this.gzip;
  }
}

/**
 * The answer of a fixed document: a 304 when If-None-Match names its ETag, else the 200, gzipped
 * for a client that accepts it (docs/api.md, "Compression").
 */
export function fixedJson(c: Context<AppEnv>, document: FixedJson): Response {
  const state = c.get('request');
  const headers: Record<string, string> = {
    etag: document.etag,
    vary: 'accept-encoding',
    'cache-control': 'no-cache',
  };
  const condition = requestHeader(c, 'if-none-match');
  if (condition !== undefined && ifNoneMatch(condition, document.etag))
    return apiJson(state, 304, null, headers);
  const gzip = document.text.length >= GZIP_MIN_BYTES && wantsGzip(c);
  const body = gzip ? document.gzipped : document.encoded;
  if (gzip) headers['content-encoding'] = 'gzip';
  headers['content-length'] = String(body.length);
  return apiJson(state, 200, body as Uint8Array<ArrayBuffer>, headers);
}

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

/**
 * A strong ETag of a serialized answer (docs/api.md, "HTTP caching"): 128 bits of the SHA-256 of its
 * UTF-8 bytes, quoted (RFC 9110 8.8.3). Made once per cached answer or fixed document.
 */
export const strongEtag = (text: string): string => `"${hash('sha256', text, 'base64url').slice(0, 22)}"`;
