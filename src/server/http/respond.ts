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
  /** The tier of the key that was accepted (for the log line). */
  tier?: Tier;
}

/** What is read of the Node request (HTTP/1 or HTTP/2). */
export interface NodeRequest {
  readonly headers: IncomingHttpHeaders;
  /** The request line's target: the path and the query. */
  readonly url?: string;
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
  if (body === null) delete headers['content-type'];
  if (extra !== undefined) for (const name in extra) headers[name] = extra[name] as string;
  return markComplete(new Response(body, { status, headers }));
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

/** A JSON document that is the same on every call (`/v1`, the OpenAPI document): gzipped once, when first asked. */
export class FixedJson {
  private gzip: Buffer | undefined;
  constructor(readonly text: string) {}

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
  return apiJson(state, 200, document.text, { vary: 'accept-encoding' });
}
