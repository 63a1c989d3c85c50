import type { IncomingHttpHeaders } from 'node:http';
import type { Tier } from '../auth/tiers';
import { acceptsGzip, GZIP_MIN_BYTES, gzipWhole } from './gzip';
import { API_CSP, EXPOSED_HEADERS, PAGE_CSP } from './headers';

/**
 * What the server's fetch (app.ts) hands the router for one request, as Hono's `c.env`, and reads
 * back for the request's log line.
 */
export interface RequestState {
  readonly requestId: string;
  /** The Node request when served by @hono/node-server: its headers are cheaper to read than `c.req`'s. */
  readonly incoming: NodeRequest | undefined;
  /** The Node response (HTTP/1) when served by @hono/node-server: a large answer is written to it directly. */
  readonly outgoing: NodeResponse | undefined;
  /** The tier of the key that was accepted (for the log line). */
  tier?: Tier;
}

/** What is read of the Node request (HTTP/1 or HTTP/2). */
export interface NodeRequest {
  readonly headers: IncomingHttpHeaders;
  /** The request line's target: the path and the query. */
  readonly url?: string;
}

/** What is used of a Node `ServerResponse` to write an answer directly (`writeDirect`). */
export interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  cork(): void;
  write(chunk: string, encoding: 'latin1'): unknown;
  end(chunk: Uint8Array): unknown;
}

export interface AppEnv {
  Bindings: RequestState;
}

/** Any API path (`/v1...`, `/v3...`): JSON answers with CORS, never the dashboard. */
export const API_PATH = /^\/v[0-9]+(\/|$)/;

/**
 * Responses made here carry every header the server promises (request id, security headers, CORS
 * on the API) from the start, in one plain object: @hono/node-server then writes them as they are.
 * The server's fetch adds those headers itself to any other response (see `withServerHeaders`).
 */
const SERVER_HEADERS = Symbol('server headers');
type Marked = Response & { [SERVER_HEADERS]?: true };
/** (A symbol on the response, not a WeakSet: adding to a WeakSet cost ~9 µs a response under load.) */
const markComplete = (response: Response): Response => {
  (response as Marked)[SERVER_HEADERS] = true;
  return response;
};

export const hasServerHeaders = (response: Response): boolean =>
  (response as Marked)[SERVER_HEADERS] === true;

const EXPOSE_HEADERS = EXPOSED_HEADERS.join(',');

/** A JSON answer on an API path (null: no body): status, body and extra headers (rate limits, Allow, ...). */
export function apiJson(
  state: RequestState,
  status: number,
  body: string | Uint8Array<ArrayBuffer> | null,
  extra?: Record<string, string>,
): Response {
  return markComplete(new Response(body, { status, headers: apiHeaders(state, body !== null, extra) }));
}

function apiHeaders(
  state: RequestState,
  hasBody: boolean,
  extra?: Record<string, string>,
): Record<string, string> {
  // One literal with fixed names, extras copied in a loop: object spread here cost ~3 µs an answer.
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-request-id': state.requestId,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': API_CSP,
    'access-control-allow-origin': '*',
    'access-control-expose-headers': EXPOSE_HEADERS,
  };
  if (!hasBody) delete headers['content-type'];
  if (extra !== undefined) for (const name in extra) headers[name] = extra[name] as string;
  return headers;
}

/** A response outside the API (a dashboard file, a JSON error for a page path): no CORS. */
export function siteResponse(
  state: RequestState,
  status: number,
  body: string | Uint8Array<ArrayBuffer>,
  contentType: string,
  extra?: Record<string, string>,
): Response {
  const isPage = contentType.startsWith('text/html');
  const headers: Record<string, string> = {
    'content-type': contentType,
    'x-request-id': state.requestId,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-security-policy': isPage ? PAGE_CSP : API_CSP,
  };
  if (isPage) headers['x-frame-options'] = 'DENY';
  if (extra !== undefined) for (const name in extra) headers[name] = extra[name] as string;
  return markComplete(new Response(body, { status, headers }));
}

/**
 * The same headers on a response made elsewhere (Hono's answer to HEAD, anything unforeseen):
 * the slow path, since it turns the response's headers into a Headers object.
 */
export function withServerHeaders(response: Response, state: RequestState, isApi: boolean): Response {
  const headers = response.headers;
  headers.set('x-request-id', state.requestId);
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', 'no-referrer');
  const isPage = headers.get('content-type')?.startsWith('text/html') ?? false;
  headers.set('content-security-policy', isPage ? PAGE_CSP : API_CSP);
  if (isPage) headers.set('x-frame-options', 'DENY');
  if (isApi) {
    headers.set('access-control-allow-origin', '*');
    headers.set('access-control-expose-headers', EXPOSE_HEADERS);
  }
  return response;
}

/** A request header, from the Node request when there is one. */
export function requestHeader(state: RequestState, request: Request, name: string): string | undefined {
  if (state.incoming === undefined) return request.headers.get(name) ?? undefined;
  const value = state.incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Whether the request's Accept-Encoding accepts gzip. */
export const wantsGzip = (state: RequestState, request: Request): boolean =>
  acceptsGzip(requestHeader(state, request, 'accept-encoding'));

/**
 * A JSON document that is the same on every call (`/v1`, the OpenAPI document): encoded to UTF-8
 * once (so that no call encodes it again) and gzipped once, each when first asked.
 */
export class FixedJson {
  private utf8: Buffer | undefined;
  private gzip: Buffer | undefined;
  constructor(readonly text: string) {}

  get encoded(): Buffer {
    this.utf8 ??= Buffer.from(this.text);
    return this.utf8;
  }

  get gzipped(): Buffer {
    this.gzip ??= gzipWhole(this.text);
    return this.gzip;
  }
}

/** The 200 answer of a fixed document: gzipped for a client that accepts it (docs/api.md, "Compression"). */
export function fixedJson(state: RequestState, request: Request, document: FixedJson): Response {
  if (document.text.length >= GZIP_MIN_BYTES && wantsGzip(state, request)) {
    const body = document.gzipped;
    return apiJson(state, 200, body as Uint8Array<ArrayBuffer>, {
      'content-encoding': 'gzip',
      'content-length': String(body.length),
      vary: 'accept-encoding',
    });
  }
  const body = document.encoded;
  return apiJson(state, 200, body as Uint8Array<ArrayBuffer>, {
    'content-length': String(body.length),
    vary: 'accept-encoding',
  });
}

/**
 * Bodies of at least this many bytes are written straight to the Node response (`directJson`).
 * Below it the saving is smaller than the cost of leaving @hono/node-server's fast path (measured
 * in docs/api.md, "Performance").
 */
export const DIRECT_MIN_BYTES = 8 * 1024;

const DIRECT_BODY = Symbol('direct body');
interface DirectBody {
  readonly headers: Record<string, string>;
  readonly head: string;
  readonly tail: Uint8Array;
}
type Direct = Response & { [DIRECT_BODY]?: DirectBody };

/**
 * A 200 JSON answer whose body is `head` (ASCII text) then `tail` (UTF-8 bytes the response cache
 * keeps), marked so that the server's fetch writes it to the Node response itself (`writeDirect`):
 * the head and the kept bytes go out in one writev, where @hono/node-server would encode the whole
 * body text to UTF-8 again on every call (about 6 µs of CPU for a 22 kB answer, 0.5 ms for the
 * 419 kB whole index). The response's own body is the same bytes as text (`text`), which is what
 * anything else reading it sees (a HEAD, a test's in-process request).
 */
export function directJson(
  state: RequestState,
  head: string,
  tail: Uint8Array,
  text: string,
  extra: Record<string, string>,
): Response {
  const headers = apiHeaders(state, true, extra);
  const response = markComplete(new Response(text, { status: 200, headers })) as Direct;
  response[DIRECT_BODY] = { headers, head, tail };
  return response;
}

/** Writes a marked answer (`directJson`) to the Node response; false, writing nothing, for any other. */
export function writeDirect(response: Response, outgoing: NodeResponse): boolean {
  const direct = (response as Direct)[DIRECT_BODY];
  if (direct === undefined) return false;
  outgoing.writeHead(200, direct.headers);
  // Corked, the head and the tail leave in one write (`end` uncorks).
  outgoing.cork();
  outgoing.write(direct.head, 'latin1');
  outgoing.end(direct.tail);
  return true;
}
