import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { getPath } from 'hono/utils/url';
import type { Logger } from '../logging/logger';
import {
  API_PATH,
  type AppEnv,
  hasServerHeaders,
  type RequestState,
  requestHeader,
  withServerHeaders,
} from './response';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The first middleware of every request: its id (a sane `x-request-id` sent is kept, one that
 * holds a key is replaced: never echoed nor logged), whether it came over https through a trusted
 * proxy (SLAB_TRUST_PROXY), the server's headers on any answer that lacks them
 * (`securityHeaders`, response.ts), and one log line (`logRequest`).
 */
export function requestContext(options: { logger: Logger; trustProxy: boolean }): MiddlewareHandler<AppEnv> {
  const { logger, trustProxy } = options;
  return async (c, next) => {
    const started = performance.now();
    const sentId = requestHeader(c, 'x-request-id');
    const state: RequestState = {
      https: trustProxy && forwardedHttps(requestHeader(c, 'x-forwarded-proto')),
      requestId:
        sentId !== undefined && REQUEST_ID.test(sentId) && !looksLikeKey(sentId) ? sentId : randomUUID(),
    };
    c.set('request', state);
    await next();
    // The path as sent (c.req.path has lost a trailing slash: the router is not strict).
    const path = getPath(c.req.raw);
    if (!hasServerHeaders(c.res)) withServerHeaders(c.res, state, API_PATH.test(path));
    logRequest(logger, c.req.method, path, c.res.status, state, started);
  };
}

/**
 * Whether the proxy in front said the request came over https: the last `X-Forwarded-Proto` value,
 * the one the nearest proxy set.
 */
function forwardedHttps(sent: string | undefined): boolean {
  if (sent === undefined) return false;
  const last = sent.slice(sent.lastIndexOf(',') + 1);
  return last.trim().toLowerCase() === 'https';
}

/**
 * Anything key-like in a text once its separators are taken out: the prefix and what follows it,
 * or 48 hexadecimal characters in a row (a key pasted without its prefix). Case-insensitive, since
 * a path can be typed in any case.
 */
const KEY_LIKE = /slablive[0-9a-z]*|[0-9a-f]{48,}/gi;
const KEY_ANYWHERE = /slablive|[0-9a-f]{48}/i;
/** A separator a key can be split by: a percent escape (`%2F`, `%00`) or any one non-alphanumeric character. */
const SEPARATOR = /%[0-9a-f]{2}|[^0-9a-z]/gi;

/**
 * The ranges [start, end) of `text` that hold something key-like once the separators between its
 * characters are taken out (`slab_live_0123.../...`, `0123...%2F4567...`, `...%00...`), so a key split
 * by `/`, `%2F` or `%00` is found whole.
 */
function keyLikeRanges(text: string): Array<[number, number]> {
  // The common case, at the cost of one native replace and test: nothing key-like at all.
  if (!KEY_ANYWHERE.test(text.replace(SEPARATOR, ''))) return [];
  const kept: number[] = [];
  let joined = '';
  let from = 0;
  for (const separator of text.matchAll(SEPARATOR)) {
    for (let i = from; i < separator.index; i++) kept.push(i);
    joined += text.slice(from, separator.index);
    from = separator.index + separator[0].length;
  }
  for (let i = from; i < text.length; i++) kept.push(i);
  joined += text.slice(from);
  const ranges: Array<[number, number]> = [];
  for (const match of joined.matchAll(KEY_LIKE)) {
    const start = kept[match.index] as number;
    const end = (kept[match.index + match[0].length - 1] as number) + 1;
    ranges.push([start, end]);
  }
  return ranges;
}

/** Whether a text (a request id) holds something key-like, even split by separators. */
export const looksLikeKey = (text: string): boolean => keyLikeRanges(text).length > 0;

/**
 * The path as logged (decoded, as Hono reads it): anything key-like masked (a key sent in the
 * path, whole or split by separators), then cut to 200 characters, so that a cut never leaves part
 * of a key unmasked.
 */
export function loggablePath(path: string): string {
  if (cleanPaths.has(path)) return path;
  const logged = maskedPath(path);
  if (logged === path && path.length <= 200) {
    if (cleanPaths.size >= RECENT_PATHS) cleanPaths.clear();
    cleanPaths.add(path);
  }
  return logged;
}

/** Paths seen lately with nothing to mask (the same few come again and again; no key is kept here). */
const cleanPaths = new Set<string>();
const RECENT_PATHS = 1_000;

function maskedPath(path: string): string {
  const ranges = keyLikeRanges(path);
  let masked = path;
  for (let i = ranges.length - 1; i >= 0; i--) {
    const [start, end] = ranges[i] as [number, number];
    masked = `${masked.slice(0, start)}[key masked]${masked.slice(end)}`;
  }
  return masked.slice(0, 200);
}

/** The one log line of a request: never a key, a query or a body. */
export function logRequest(
  logger: Logger,
  method: string,
  path: string,
  status: number,
  state: RequestState,
  started: number,
): void {
  logger.info('request', {
    request_id: state.requestId,
    method,
    path: loggablePath(path),
    status,
    ms: Math.round((performance.now() - started) * 100) / 100,
    tier: state.tier,
  });
}
